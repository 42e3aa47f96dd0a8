/** What other modules may use of the shop-hosts module: its front door (decision 0075). */
export { shopAddressOf, shopAddressOfProduct } from "./address";
export { HostMap } from "./host-map";
export { domainPathOf } from "./paths";
export { shopHostsPlugin, shopUrlRewriter } from "./plugin";
export { currentShopLink, shopLinkOf } from "./shop-link";
