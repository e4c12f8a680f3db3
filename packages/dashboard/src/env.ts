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
    DASHBOARD_SIGNUP_GRANTS_PER_ADDRESS: int(3, 0).describe(
      "sign-ups per client address per 24 h that get the free credits; later ones start at 0 credits (0: none do)",
    ),
  }),
);
