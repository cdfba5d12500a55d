import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useId } from "react";
import { partDrawn, partHydrated } from "~/lib/parts-hydrated";
import { ReportSignIn } from "./report-sign-in";

/**
 * The story page's parts that only some visitors see, loaded when one is drawn (decision 068):
 * an anonymous reader of a published story, most of the page's readers, downloads none of them.
 * The server draws them into the page as before (it waits for the whole page), so they work
 * without JavaScript; in the browser each hydrates once its module has come, and until then it
 * is the server's HTML, which works as it does without JavaScript. The root layout's hydrated
 * mark waits for them (app/lib/parts-hydrated.ts).
 */

const memberParts = () => import("./member-parts");
const previewParts = () => import("./preview-parts");

/** Tells the page that its part is hydrated: it commits with the part, in the same boundary. */
function Hydrated({ id }: { id: string }) {
  useEffect(() => partHydrated(id), [id]);
  return null;
}

/** Where a module cannot be loaded (a dropped connection, a new release), the part is left out. */
const Missing: ComponentType<object> = () => null;

/** A component of a module loaded on demand, in a boundary of its own. */
function part<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const Lazy = lazy(() =>
    load().then(
      (module) => ({ default: module[name] as ComponentType<object> }),
      () => ({ default: Missing }),
    ),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at the module's top
  const OnDemand = (props: object) => {
    const id = useId();
    if (typeof document !== "undefined") partDrawn(id);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
        <Hydrated id={id} />
      </Suspense>
    );
  };
  return OnDemand as M[K];
}

export const CommentForm = part(memberParts, "CommentForm");
export const DeleteCommentButton = part(memberParts, "DeleteCommentButton");
export const DeleteConfirmation = part(memberParts, "DeleteConfirmation");
export const EditCommentForm = part(memberParts, "EditCommentForm");
export const EditCommentLink = part(memberParts, "EditCommentLink");
export const PreviewBanner = part(previewParts, "PreviewBanner");
export const StoryPaymentBox = part(previewParts, "StoryPaymentBox");

const ReportForm = part(memberParts, "ReportControl");

/** "Report": an anonymous reader's sign-in link is drawn at once; the form comes on demand. */
export function ReportControl(props: ComponentProps<typeof ReportForm>) {
  if (!props.mode) return null;
  if (props.mode === "signIn") {
    return <ReportSignIn type={props.type} id={props.id} label={props.label} />;
  }
  return <ReportForm {...props} />;
}
