import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";
import { darkTokens, lightTokens } from "./app/theme-tokens";

const token = (name: string) => `rgb(var(--${name}) / <alpha-value>)`;

export default {
  content: ["./app/**/*.{ts,tsx}"],
  // `dark` = the dark class on <html>, or no explicit choice while the system is dark.
  darkMode: [
    "variant",
    ["&:is(.dark *)", "@media (prefers-color-scheme: dark) { &:not(.light *) }"],
  ],
  theme: {
    container: { center: true, padding: "1rem", screens: { "2xl": "1200px" } },
    extend: {
      colors: {
        background: token("background"),
        foreground: token("foreground"),
        card: { DEFAULT: token("card"), foreground: token("card-foreground") },
        muted: { DEFAULT: token("muted"), foreground: token("muted-foreground") },
        border: token("border"),
        input: token("input"),
        ring: token("ring"),
        primary: { DEFAULT: token("primary"), foreground: token("primary-foreground") },
        secondary: { DEFAULT: token("secondary"), foreground: token("secondary-foreground") },
        gold: {
          DEFAULT: token("gold"),
          foreground: token("gold-foreground"),
          soft: token("gold-soft"),
        },
        destructive: { DEFAULT: token("destructive"), foreground: token("destructive-foreground") },
        success: { DEFAULT: token("success"), foreground: token("success-foreground") },
      },
      borderRadius: { xl: "0.875rem", "2xl": "1.25rem" },
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Noto Sans",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
        serif: ["Georgia", "Cambria", "Noto Serif", "Times New Roman", "serif"],
      },
    },
  },
  plugins: [
    plugin(({ addBase }) => {
      const vars = (tokens: Record<string, string>) =>
        Object.fromEntries(Object.entries(tokens).map(([k, v]) => [`--${k}`, v]));
      addBase({
        ":root": { colorScheme: "light", ...vars(lightTokens) },
        ".dark": { colorScheme: "dark", ...vars(darkTokens) },
        "@media (prefers-color-scheme: dark)": {
          ":root:not(.light)": { colorScheme: "dark", ...vars(darkTokens) },
        },
        // Paper is white whatever the screen's theme: a printed page (a receipt) is dark on light.
        "@media print": {
          ":root, :root.dark, :root:not(.light)": { colorScheme: "light", ...vars(lightTokens) },
        },
      });
    }),
  ],
} satisfies Config;
