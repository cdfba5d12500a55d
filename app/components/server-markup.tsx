import { type NavigateFunction, useNavigate } from "@remix-run/react";
import {
  type HTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";

/**
 * A list of cards that the first page load keeps as the server sent it (decision 041): while the
 * page hydrates, React adopts this element's HTML without rendering the cards inside it again —
 * most of a list page's hydration on a phone. The cards hold nothing but links and text, so
 * nothing is lost: a click on one of their links is turned into the same client-side navigation
 * a `<Link>` makes. As soon as `data` (the loader data the cards are drawn from) or the language
 * changes, the list renders as usual, once, and from then on like any other element: React
 * empties the element and fills it with the rendered cards (the element itself stays, so a
 * carousel holding it keeps working).
 */
export function ServerMarkup({
  as: Tag,
  data,
  children,
  ...props
}: {
  as: "ul" | "div";
  /** What the children are drawn from: a new value (a new page, a revalidation) renders them. */
  data: unknown;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML">) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const hydrating = !useSyncExternalStore(subscribe, isClient, isServer);
  const [born] = useState(() => ({ hydrating, data, lng: i18n.language }));
  // Once rendered, always rendered: going back to the adopted form would empty the element.
  const rendered = useRef(typeof document === "undefined" || !hydrating);
  rendered.current ||= !Object.is(born.data, data) || born.lng !== i18n.language;
  if (rendered.current) {
    return <Tag {...props}>{children}</Tag>;
  }
  return (
    <Tag
      {...props}
      onClick={(event: MouseEvent<HTMLElement>) => followLink(event, navigate)}
      // An empty string React never writes: hydration keeps the server's children as they are.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant empty string, no content
      dangerouslySetInnerHTML={{ __html: "" }}
      suppressHydrationWarning
    />
  );
}

const subscribe = () => () => {};
const isClient = () => true;
const isServer = () => false;

/** What `<Link>` does with a click (react-router's useLinkClickHandler), for any link inside. */
function followLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = (event.target as Element).closest("a");
  if (!link || !event.currentTarget.contains(link)) return;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return;
  event.preventDefault();
  const to = url.pathname + url.search + url.hash;
  const here = window.location.pathname + window.location.search + window.location.hash;
  navigate(to, { replace: to === here });
}
