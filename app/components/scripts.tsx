import { Scripts } from "@remix-run/react";
import {
  Children,
  type ComponentProps,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from "react";

/**
 * Remix's <Scripts>, started after the first paint. The page is complete as the server renders
 * it (every link and form works without JavaScript), so on a slow phone the text and pictures
 * come first and the scripts that make it interactive follow. Remix offers no option for this;
 * its elements are adjusted here: the module preloads are left out of the HTML and added by the
 * module script once the page has painted, and that script's static imports become imports it
 * starts then. (If Remix's script ever changed shape, it would be left as it is: the page still
 * works, its modules then load one level at a time; tests/unit/app-scripts.test.ts would fail.)
 */
export function AppScripts(props: ComponentProps<typeof Scripts>) {
  // Called as a function, not rendered, so that its elements can be adjusted: its hooks run as
  // part of this component, in the same order on every render.
  const tree = Scripts(props);
  const preloads: string[] = [];
  collectPreloads(tree, preloads);
  // The same elements on the server and in the browser's first render (hydration): in the
  // browser, Remix's module script is empty and there is nothing to rewrite.
  return adjust(tree, preloads);
}

type Props = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

function collectPreloads(node: ReactNode, into: string[]) {
  Children.forEach(node, (child) => {
    if (!isValidElement<Props>(child)) return;
    if (child.type === "link" && child.props.rel === "modulepreload" && child.props.href)
      into.push(child.props.href);
    else collectPreloads(child.props.children, into);
  });
}

const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\n]+");$/gm;

/** The module script's text, made to wait for the first paint; null if it is not as expected. */
export function afterFirstPaint(script: string, preloads: string[]): string | null {
  const routes = [...script.matchAll(ROUTE_IMPORT)];
  if (!routes.length || /^import /m.test(script.replace(ROUTE_IMPORT, ""))) return null;
  return [
    // A frame, then a task: the page has been painted. The timer covers a tab in the background.
    "await new Promise((go) => { requestAnimationFrame(() => setTimeout(go)); setTimeout(go, 500); });",
    `const modules = Promise.all([${routes.map((m) => `import(${m[2]})`).join(", ")}]);`,
    // The preloads eight per task, beside the imports: two or three dozen at once were one of
    // the longest tasks of a phone's page load (decision 040). Few enough tasks that browsers do
    // not yet space nested timers 4 ms apart.
    `(async () => { const all = ${JSON.stringify(preloads)}; for (let i = 0; i < all.length; i += 8) { await new Promise((go) => setTimeout(go)); document.head.append(...all.slice(i, i + 8).map((href) => Object.assign(document.createElement("link"), { rel: "modulepreload", href }))); } })();`,
    `const [${routes.map((m) => m[1]).join(", ")}] = await modules;`,
    script.replace(ROUTE_IMPORT, ""),
  ].join("\n");
}

function adjust(node: ReactNode, preloads: string[]): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<Props>(child)) return child;
    if (child.type === "link" && child.props.rel === "modulepreload") return null;
    const html = child.props.dangerouslySetInnerHTML?.__html;
    if (child.type === "script" && child.props.type === "module" && html !== undefined) {
      const text = afterFirstPaint(html, preloads);
      if (text === null) return child;
      return cloneElement(child as ReactElement<Props>, {
        dangerouslySetInnerHTML: { __html: text },
      });
    }
    if (child.props.children === undefined) return child;
    return cloneElement(child, undefined, adjust(child.props.children, preloads));
  });
}
