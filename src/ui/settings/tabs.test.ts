import { describe, expect, it } from "vitest";
import { ALL_FEATURES, type Feature } from "@/lib/features";
import { chosenSettingsTab, SETTINGS_TAB_ORDER, visibleSettingsTabs } from "./tabs";

const everything: readonly Feature[] = ALL_FEATURES;

describe("settings tabs (spec §2)", () => {
  it("shows the tabs whose panels exist, in the spec's order", () => {
    const tabs = visibleSettingsTabs({ features: everything, hasCustomer: true, isMember: true });
    expect(tabs).toEqual(["profile", "contacts", "addresses", "bank-accounts", "membership", "appearance"]);
    expect([...tabs].sort((a, b) => SETTINGS_TAB_ORDER.indexOf(a) - SETTINGS_TAB_ORDER.indexOf(b))).toEqual(tabs);
  });

  it("leaves out tabs of later areas rather than showing empty ones", () => {
    const tabs = visibleSettingsTabs({ features: everything, hasCustomer: true, isMember: true });
    for (const later of ["outage-contacts", "notifications", "push-notifications"] as const) expect(tabs).not.toContain(later);
  });

  it("shows membership only to a member, and only with the membership area", () => {
    expect(visibleSettingsTabs({ features: everything, hasCustomer: true, isMember: false })).not.toContain("membership");
    expect(visibleSettingsTabs({ features: everything.filter((f) => f !== "membership"), hasCustomer: true, isMember: true })).not.toContain("membership");
  });

  it("offers only the appearance to a person who acts for no customer", () => {
    expect(visibleSettingsTabs({ features: everything, hasCustomer: false, isMember: false })).toEqual(["appearance"]);
  });

  it("reads ?tab=, falling back to the first tab for an unknown or hidden one", () => {
    const tabs = visibleSettingsTabs({ features: everything, hasCustomer: true, isMember: false });
    expect(chosenSettingsTab("bank-accounts", tabs)).toBe("bank-accounts");
    expect(chosenSettingsTab(["contacts", "addresses"], tabs)).toBe("contacts");
    expect(chosenSettingsTab("nonsense", tabs)).toBe("profile");
    expect(chosenSettingsTab(undefined, tabs)).toBe("profile");
    expect(chosenSettingsTab("membership", tabs)).toBe("profile");
    expect(chosenSettingsTab("profile", ["appearance"])).toBe("appearance");
  });
});
