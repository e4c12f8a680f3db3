import { defineFeatureEnv, envVar } from "@sda/core";
import { z } from "zod";

const { int } = envVar;

/** The web dashboard's variables (sessions, sign-in limits). */
export const dashboardEnv = defineFeatureEnv(
  "dashboard",
  z.object({
    DASHBOARD_SESSION_TTL_SECONDS: int(7 * 24 * 3600, 60).describe(
      "dashboard session lifetime (7 days), renewed on every page",
    ),
    DASHBOARD_LOGIN_ATTEMPTS_PER_EMAIL: int(10, 1).describe(
      "failed sign-ins per (email, address) per 15 min (then 429); beyond it per email: slower sign-ins",
    ),
    DASHBOARD_LOGIN_ATTEMPTS_PER_ADDRESS: int(50, 1).describe(
      "dashboard sign-in and sign-up attempts per client address per 15 min (then 429)",
    ),
  }),
);
