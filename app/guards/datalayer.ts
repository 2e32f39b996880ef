import type { MiddlewareFunction } from "react-router";
import { dataLayerContext, themeContext, userContext } from "../session/context";

/** Describes the page for the tag manager's data layer: section and login state only. */
export const datalayer: MiddlewareFunction<Response> = ({ url, context }) => {
  const user = context.get(userContext);
  context.set(dataLayerContext, {
    event: "page_view",
    pagePath: url.pathname,
    section: context.get(themeContext),
    loggedIn: user !== null,
    groupType: user?.groupType ?? null,
  });
};
