type Block =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "paragraph"; text: string };

/**
 * A legal page's text as the administrator wrote it: blank lines part paragraphs, `## ` starts a
 * heading, `- ` a list item. Rendered as React elements, never as HTML, so nothing typed can
 * become markup.
 */
export function parseLegalText(body: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of body.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
      paragraph = [];
    };
    for (const line of lines) {
      if (line.startsWith("## ")) {
        flush();
        blocks.push({ kind: "heading", text: line.slice(3).trim() });
      } else if (line.startsWith("- ")) {
        flush();
        const last = blocks[blocks.length - 1];
        if (last?.kind === "list") last.items.push(line.slice(2).trim());
        else blocks.push({ kind: "list", items: [line.slice(2).trim()] });
      } else {
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

export function LegalText({ body }: { body: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-foreground/90">
      {parseLegalText(body).map((block, index) =>
        block.kind === "heading" ? (
          <h2 key={index} className="pt-4 text-xl font-semibold text-foreground">
            {block.text}
          </h2>
        ) : block.kind === "list" ? (
          <ul key={index} className="list-disc space-y-2 pl-6 marker:text-muted-foreground">
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}
