import { Scripts } from "@remix-run/react";
import { Children, type ComponentProps, cloneElement, isValidElement, type ReactNode } from "react";

/**
 * Remix's <Scripts>, with its module preloads fetched at low priority. The page is rendered on
 * the server and the scripts only make it interactive, so on a slow phone connection the
 * stylesheet and the pictures should get the bandwidth first. (A modulepreload is fetched at
 * high priority, like a script that blocks rendering; Remix offers no prop for this.)
 */
export function AppScripts(props: ComponentProps<typeof Scripts>) {
  // Called as a function, not rendered, so that its elements can be adjusted: its hooks run as
  // part of this component, in the same order on every render.
  return lowerPreloads(Scripts(props));
}

function lowerPreloads(node: ReactNode): ReactNode {
  if (!isValidElement<{ rel?: string; children?: ReactNode }>(node)) {
    return Array.isArray(node) ? Children.map(node, lowerPreloads) : node;
  }
  if (node.type === "link" && node.props.rel === "modulepreload") {
    return cloneElement(node, { fetchpriority: "low" } as object);
  }
  if (node.props.children === undefined) return node;
  return cloneElement(node, undefined, Children.map(node.props.children, lowerPreloads));
}
