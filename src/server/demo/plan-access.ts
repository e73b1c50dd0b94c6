import "server-only";
/** The demo plans without any server-only module, for browser tests that need to know the demo world. */
import { planDemo } from "./plan";
import { DEMO_SITES } from "./sites";

export const demoPlans = () => DEMO_SITES.map(planDemo);
