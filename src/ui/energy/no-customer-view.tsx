import { Anchor, Stack } from "@mantine/core";
import { ClientLink } from "@/ui/shell/client-link";
import { EmptyState } from "@/ui/shared/empty-state";
import { Heading } from "@/ui/shared/heading";

/**
 * An energy page for a signed-in person with no customer account to act for: the page's title,
 * why there is nothing to show, and the way home. The texts come translated (the area's `title`,
 * `no-customer-title`, `no-customer`, `to-home`), so a server page and a client component draw it
 * alike.
 */
export function NoCustomerView({ texts, homeHref }: { texts: { title: string; noCustomerTitle: string; noCustomer: string; toHome: string }; homeHref: string }) {
  return (
    <Stack gap="lg">
      <Heading order={1}>{texts.title}</Heading>
      <EmptyState
        titleOrder={2}
        title={texts.noCustomerTitle}
        description={texts.noCustomer}
        action={
          <Anchor component={ClientLink} href={homeHref}>
            {texts.toHome}
          </Anchor>
        }
      />
    </Stack>
  );
}
