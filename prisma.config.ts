import { defineConfig } from "prisma/config";

// Used by the Prisma CLI (`prisma generate`, and `prisma migrate deploy` where the schema engine is available).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/sda" },
});
