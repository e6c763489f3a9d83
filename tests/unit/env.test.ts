import { describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";

const prod = { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-0123" };

describe("Configuration", () => {
  it("production refuses to start without SITE_URL, naming it: absolute links are never built on a request's headers", () => {
    expect(() => parseEnv(prod)).toThrow(/SITE_URL: SITE_URL is required in production/);
    expect(() => parseEnv({ ...prod, SITE_URL: "" })).toThrow(/SITE_URL is required in production/);
    expect(() => parseEnv({ ...prod, SITE_URL: "listen.example.org" })).toThrow(/SITE_URL/);
    expect(parseEnv({ ...prod, SITE_URL: "https://listen.example.org" }).SITE_URL).toBe("https://listen.example.org");
    // Development and tests keep the zero-config start.
    expect(parseEnv({}).SITE_URL).toBeUndefined();
  });

  it("metrics on a port of their own (9464 in production, none elsewhere), loopback by default; logs JSON in production", () => {
    const site = { ...prod, SITE_URL: "https://listen.example.org" };
    expect(parseEnv(site)).toMatchObject({ metricsPort: 9464, METRICS_HOST: "127.0.0.1", logFormat: "json" });
    expect(parseEnv({})).toMatchObject({ metricsPort: 0, logFormat: "pretty", LOG_LEVEL: "info" });
    expect(parseEnv({ ...site, METRICS_PORT: "0", LOG_FORMAT: "pretty" })).toMatchObject({
      metricsPort: 0,
      logFormat: "pretty",
    });
    expect(() => parseEnv({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});
