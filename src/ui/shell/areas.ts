/**
 * Registers the customer areas that have pages. Each area adds one line here when its pages
 * exist, so the navigation and the home tiles never point at a missing page.
 */
import { registerNavArea } from "./navigation";
registerNavArea({ feature: "dashboard", path: "/dashboard", key: "dashboard" });
registerNavArea({ feature: "charts", path: "/charts", key: "charts" });
registerNavArea({ feature: "invoices", path: "/invoices", key: "invoices" });
registerNavArea({ feature: "support", path: "/support", key: "support" });
