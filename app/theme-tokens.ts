/**
 * Colour tokens as RGB triplets, turned into CSS variables by tailwind.config.ts. Light is the
 * default; `.dark` on <html> forces dark; with no class (the "system" choice) the operating
 * system's preference decides, in CSS alone, so the first paint is already right.
 */
export const lightTokens: Record<string, string> = {
  background: "248 247 244",
  foreground: "23 27 38",
  card: "255 255 255",
  "card-foreground": "23 27 38",
  muted: "238 236 231",
  "muted-foreground": "88 94 108",
  border: "224 221 213",
  input: "206 203 195",
  ring: "37 99 235",
  primary: "29 78 216",
  "primary-foreground": "255 255 255",
  secondary: "232 238 252",
  "secondary-foreground": "30 58 138",
  gold: "180 120 8",
  "gold-foreground": "41 26 0",
  "gold-soft": "254 243 199",
  destructive: "200 38 38",
  "destructive-foreground": "255 255 255",
  success: "21 110 52",
  "success-foreground": "255 255 255",
};

export const darkTokens: Record<string, string> = {
  background: "13 17 27",
  foreground: "233 236 242",
  card: "22 28 41",
  "card-foreground": "233 236 242",
  muted: "31 38 54",
  "muted-foreground": "160 168 184",
  border: "43 52 71",
  input: "60 70 92",
  ring: "96 165 250",
  primary: "96 150 250",
  "primary-foreground": "10 15 30",
  secondary: "30 41 66",
  "secondary-foreground": "191 219 254",
  gold: "245 185 60",
  "gold-foreground": "30 20 0",
  "gold-soft": "66 50 16",
  destructive: "248 113 113",
  "destructive-foreground": "30 5 5",
  success: "74 222 128",
  "success-foreground": "5 30 15",
};
