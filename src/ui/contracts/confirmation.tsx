import { Stack, Text } from "@/ui/shared/plain";
import { Heading } from "@/ui/shared/heading";
import { LinkButton } from "@/ui/shared/link-button";
import { KeyValueTable, type KeyValueRow } from "@/ui/shared/key-value-table";

/** The page after a contract change (a renewal, a move-out): what was agreed, what happens next and the way back to the contracts. */
export function ContractConfirmation(props: { testId: string; title: string; intro: string; summaryLabel: string; rows: KeyValueRow[]; note?: string; backHref: string; backLabel: string }) {
  return (
    <Stack gap="lg" data-testid={props.testId}>
      <Heading order={1}>{props.title}</Heading>
      <Text>{props.intro}</Text>
      <KeyValueTable aria-label={props.summaryLabel} rows={props.rows} />
      {props.note ? (
        <Text size="sm" c="dimmed">
          {props.note}
        </Text>
      ) : null}
      <div>
        <LinkButton href={props.backHref}>{props.backLabel}</LinkButton>
      </div>
    </Stack>
  );
}
