"use client";

import dynamic from "next/dynamic";
import { AccountPlaceholder } from "./shell/account-placeholder";

/**
 * Client components that only some people or sites see. Imported from here, their code (and the
 * Mantine components they draw with) is not part of every page's scripts: it loads when one of
 * them is drawn. (A server component's own `dynamic()` would not split them off.)
 */
export const CookieConsentManager = dynamic(() => import("./consent/cookie-consent").then((m) => m.CookieConsentManager));
export const FeedbackDialog = dynamic(() => import("./feedback/feedback-dialog").then((m) => m.FeedbackDialog));
export const CustomerServiceBanner = dynamic(() => import("./shell/customer-service-banner").then((m) => m.CustomerServiceBanner));
export const RepresentativeCodeForm = dynamic(() => import("./account/representative-code-form").then((m) => m.RepresentativeCodeForm));
export const CustomerServiceSearch = dynamic(() => import("./account/customer-service-search").then((m) => m.CustomerServiceSearch));
/** The header's person in a shared document's frame (decision 0033): only the dashboard draws it. */
export const ShellAccount = dynamic(() => import("./shell/shell-account").then((m) => m.ShellAccount), { loading: AccountPlaceholder });
