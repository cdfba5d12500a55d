/**
 * Remix's own options, in the one place the project card names for them. Since the move to Vite
 * (decision 043) Remix reads them through its Vite plugin: vite.config.ts passes this object to
 * it as it is (tests/unit/remix-config.test.ts fails if the two disagree).
 *
 * @type {import("@remix-run/dev").VitePluginConfig}
 */
export default {
  // Files beside the routes that are not routes: dotfiles and tests.
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  // Remix v3's behaviours, taken now so the upgrade is a version bump (docs/architecture.md).
  future: {
    v3_fetcherPersist: true,
    v3_lazyRouteDiscovery: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
  },
};
