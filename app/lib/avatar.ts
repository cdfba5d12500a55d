/** 30 friendly emojis; a username always gets the same one (spec 01 §2 Header). */
export const AVATAR_EMOJIS = [
  "🦊",
  "🐻",
  "🐼",
  "🐨",
  "🦁",
  "🐯",
  "🐸",
  "🐵",
  "🦉",
  "🦄",
  "🐺",
  "🐴",
  "🐫",
  "🦅",
  "🐧",
  "🐢",
  "🐬",
  "🐳",
  "🦋",
  "🐝",
  "🌻",
  "🌵",
  "🍀",
  "🌙",
  "⭐",
  "🔥",
  "🌈",
  "🍎",
  "🎈",
  "🎨",
] as const;

export function avatarEmoji(username: string): string {
  let hash = 0;
  for (const ch of username.normalize("NFKC").toLowerCase()) {
    hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  }
  return AVATAR_EMOJIS[hash % AVATAR_EMOJIS.length]!;
}
