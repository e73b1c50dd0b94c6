import { Bone, PlaceholderPanel } from "@/ui/shared/placeholder";

/** The shape of a dashboard card while its data loads. */
export function CardSkeleton({ short }: { short?: boolean }) {
  return (
    <div aria-hidden>
      <PlaceholderPanel>
        <Bone h={22} w="45%" />
        <Bone h={36} w="60%" />
        {short ? null : <Bone h={220} />}
      </PlaceholderPanel>
    </div>
  );
}
