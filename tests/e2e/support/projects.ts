import type { TestInfo } from "@playwright/test";

/** The project that serves the data through the production adapters (see playwright.config.ts). */
export const isRemote = (info: TestInfo) => info.project.name === "remote";

/** Desktop with JavaScript, on either data path: the projects where browser-level checks run once. */
export const isDesktopJs = (info: TestInfo) => info.project.name === "desktop-js" || isRemote(info);
