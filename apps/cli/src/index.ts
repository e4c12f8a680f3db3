export * from "./commands.ts";
