export async function runParse() {}
