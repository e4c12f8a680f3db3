// Types of the `stopword` package (v3), which ships none: its exports are stopword lists named by ISO 639-3 code
// (`eng`, `deu`, `porBr`, …) plus `removeStopwords`; the CommonJS module object is the default import.
declare module "stopword" {
  const lists: Readonly<Record<string, readonly string[] | undefined>>;
  export = lists;
}
