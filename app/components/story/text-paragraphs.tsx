/**
 * User text (stories, comments) as paragraphs, one per line: React escapes every character, so
 * whatever a writer types is shown as text and never interpreted as HTML.
 */
export function TextParagraphs({ text, className }: { text: string; className?: string }) {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <div className={className}>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
    </div>
  );
}
