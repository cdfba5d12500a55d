import type { TextPart } from "~/lib/search-snippet";

/** Text with the words a search matched marked (app/lib/search-snippet.ts). */
export function Marked({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-gold-soft px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
