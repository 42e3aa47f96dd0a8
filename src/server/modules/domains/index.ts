/**
 * A shop's own domains (decision 0080): what other modules may use of them, the module's front door
 * (decision 0075). The seller's routes, the checks against DNS (adapters/dns) and the worker that
 * re-reads due domains live here; which store a request's host serves is the host router's business.
 */

export { domainRoutes } from "./routes";
export { type DomainContext, isVerifiedDomain, listDomains } from "./service";
export { DomainCheckWorker, runDomainCheckPass } from "./worker";
