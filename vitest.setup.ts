// Vitest setup file of every project: loads the catalog's platform specs, as every process of the service does at
// start, so each platform's error codes are registered (`ServiceError("<platform code>")` throws for an unregistered
// code) even in a test that imports only a parser module.
import "@sda/catalog";
