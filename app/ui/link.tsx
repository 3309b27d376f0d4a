import { type LinkProps, Link as RouterLink } from "react-router";

/** An absolute path React Router writes back as it is: no `//`, `.` or `..` segment, no backslash. */
const PLAIN_PATH = /^\/(?!.*(?:\/\/|\\|\/\.\.?(?:\/|$)))[^?#]*(?:\?[^#]+)?(?:#.+)?$/;

/**
 * The `<a>` React Router's `<Link>` writes on the server for an absolute path, without resolving that path
 * against the route tree: a dashboard has some sixty links, and resolving them was a twentieth of its
 * time. Anything else (a relative path, an object, props that change the markup) is `<Link>` itself.
 */
export function ServerLink(props: LinkProps) {
  const { to, reloadDocument, relative, prefetch, discover, mask, target, ...rest } = props;
  const markupAsIs =
    typeof to === "string" &&
    PLAIN_PATH.test(to) &&
    !reloadDocument &&
    relative === undefined &&
    (prefetch === undefined || prefetch === "none") &&
    discover !== "none" &&
    mask === undefined;
  if (!markupAsIs) return <RouterLink {...props} />;
  // What only the browser's <Link> uses (its click handling) has no place in the markup.
  const {
    onClick,
    replace,
    state,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ...attributes
  } = rest;
  return <a {...attributes} href={to} target={target} data-discover="true" />;
}

/** Links inside the app: `<Link>` in the browser; on the server, the same markup written directly. */
export const Link = import.meta.env.SSR ? ServerLink : RouterLink;
