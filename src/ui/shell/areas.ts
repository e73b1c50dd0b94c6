/**
 * Registers the customer areas that have pages. Each area adds one line here when its pages
 * exist, so the navigation and the home tiles never point at a missing page.
 */
import { registerNavArea } from "./navigation";
registerNavArea({ feature: "dashboard", path: "/dashboard", key: "dashboard" });
registerNavArea({ feature: "charts", path: "/charts", key: "charts" });
registerNavArea({ feature: "invoices", path: "/invoices", key: "invoices" });
registerNavArea({ feature: "contracts", path: "/contracts", key: "contracts" });
registerNavArea({ feature: "support", path: "/support", key: "support" });
registerNavArea({ feature: "outages", path: "/outages", key: "outages" });
registerNavArea({ feature: "inbox", path: "/inbox", key: "inbox" });
registerNavArea({ feature: "power-control", path: "/power-control", key: "power-control" });
