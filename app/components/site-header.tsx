import { Form } from "react-router";
import { Link, NavLink } from "./link";
import type { Link as CmsLink } from "../../generated/schemas";

interface Props {
  title: string;
  navigation: readonly CmsLink[];
  userName: string | null;
}

export function SiteHeader({ title, navigation, userName }: Props) {
  return (
    <header className="site-header">
      <Link to="/" className="site-title">
        {title}
      </Link>
      <nav aria-label="Main">
        <ul>
          {navigation.map((item) => (
            <li key={item.href}>
              <NavLink to={item.href} end>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="site-header-account">
        {userName ? (
          <>
            <Link to="/account">Your account ({userName})</Link>
            <Form method="post" action="/logout">
              <button type="submit" className="link-button">
                Log out
              </button>
            </Form>
          </>
        ) : (
          <Link to="/login">Log in</Link>
        )}
      </div>
    </header>
  );
}
