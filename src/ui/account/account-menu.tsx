"use client";

import { Stack, Text, UnstyledButton } from "@mantine/core";
import { DeferredMenu, type TriggerProps } from "@/ui/shell/deferred-menu";
import type { CustomerRef } from "@/api/schemas/session";

/** A customer the person may act for, as the session gives it (GET /api/session). */
export type AccountCustomer = Pick<CustomerRef, "id" | "name" | "clientCode" | "role">;

export interface AccountMenuProps {
  personName: string;
  active: AccountCustomer | null;
  customers: AccountCustomer[];
  signOutHref: string;
  /** The settings page (profile, contacts, appearance …). */
  settingsHref?: string;
  /** The customer-service desk, for customer-service staff only, with its label. */
  desk?: { href: string; label: string };
  /** The administration area, for the site's administrators only, with its label. */
  admin?: { href: string; label: string };
}

const loadMenu = () => import("./account-menu-dropdown").then((m) => m.AccountMenuDropdown);

/** Whose account the person is in, switching between the customers they may act for, and adding one by code. */
export function AccountMenu(props: AccountMenuProps) {
  const trigger = (extra: TriggerProps) => (
    // On a narrow phone the names are cut with an ellipsis rather than pushing the header wider.
    <UnstyledButton style={{ color: "var(--portal-header-text)", minWidth: 0, maxWidth: "min(42vw, 18rem)" }} p={6} data-testid="account-menu" {...extra}>
      <Stack gap={0} align="flex-end" style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} lh={1.2} truncate="end" maw="100%">
          {props.personName}
        </Text>
        {props.active ? (
          <Text size="xs" lh={1.2} truncate="end" maw="100%" data-testid="active-customer">
            {props.active.name} · {props.active.clientCode}
          </Text>
        ) : null}
      </Stack>
    </UnstyledButton>
  );
  return <DeferredMenu load={loadMenu} trigger={trigger} props={props} />;
}
