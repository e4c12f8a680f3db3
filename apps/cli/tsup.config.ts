// Every process builds the same way: see tsup.app.ts at the repository root.
export { default } from "../../tsup.app.ts";
