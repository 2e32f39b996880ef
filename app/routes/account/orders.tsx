import { Link } from "../../components/link";
import { z } from "zod";
import type { Route } from "./+types/orders";
import { listOrders } from "../../api/orders.server";
import { succeeded } from "../../api/result.server";
import { OrderList } from "../../components/order-list";
import { requireUser } from "../../session/current-user.server";
import { pageTitle } from "../../shell/meta";

const PAGE_SIZE = 10;
const querySchema = z.object({
  upcoming: z.coerce.number().int().min(1).max(1000).catch(1),
  past: z.coerce.number().int().min(1).max(1000).catch(1),
});

export async function loader({ context, url }: Route.LoaderArgs) {
  const { gateway } = requireUser(context);
  const pages = querySchema.parse(Object.fromEntries(url.searchParams));
  const [upcoming, past] = await Promise.all([
    listOrders(gateway, { when: "upcoming", page: pages.upcoming, pageSize: PAGE_SIZE }).then(succeeded),
    listOrders(gateway, { when: "past", page: pages.past, pageSize: PAGE_SIZE }).then(succeeded),
  ]);
  return { upcoming, past, pages };
}

type OrderPage = Route.ComponentProps["loaderData"]["upcoming"];

function Pager({ page, which, pages }: { page: OrderPage; which: "upcoming" | "past"; pages: Record<string, number> }) {
  if (page.totalPages <= 1) return null;
  const to = (n: number) => `?${new URLSearchParams({ ...Object.fromEntries(Object.entries(pages).map(([k, v]) => [k, String(v)])), [which]: String(n) })}`;
  return (
    <nav aria-label={`${which === "upcoming" ? "Upcoming" : "Past"} visits pages`} className="pager">
      {page.page > 1 ? <Link to={to(page.page - 1)}>Previous</Link> : null}
      <span>
        Page {page.page} of {page.totalPages}
      </span>
      {page.page < page.totalPages ? <Link to={to(page.page + 1)}>Next</Link> : null}
    </nav>
  );
}

export default function Orders({ loaderData: { upcoming, past, pages } }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Your orders</h1>
      <p>
        <Link to="/account/book/date">Book a visit</Link>
      </p>
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading">Upcoming visits</h2>
        <OrderList orders={upcoming.items} caption="Upcoming visits" />
        <Pager page={upcoming} which="upcoming" pages={pages} />
      </section>
      <section aria-labelledby="past-heading">
        <h2 id="past-heading">Past visits</h2>
        <OrderList orders={past.items} caption="Past visits" />
        <Pager page={past} which="past" pages={pages} />
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Your orders");
