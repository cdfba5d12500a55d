/**
 * What only a signed-in reader's story page shows: the comment form (with conform), the report
 * form, and deleting or editing one's own comment. Loaded on demand (./on-demand.tsx), so an
 * anonymous reader's page does not download it (decision 068).
 */
export { CommentForm } from "./comment-form";
export { DeleteCommentButton, DeleteConfirmation } from "./delete-comment";
export { EditCommentForm, EditCommentLink } from "./edit-comment";
export { ReportControl } from "./report-form";
