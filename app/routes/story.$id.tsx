/**
 * /story/{id}: the spelling story cards link to (spec 01 §2). The same page as /stories/{id},
 * which its canonical link names, so search engines count the two as one.
 */
export {
  action,
  default,
  ErrorBoundary,
  handle,
  loader,
  meta,
} from "./stories.$id";
