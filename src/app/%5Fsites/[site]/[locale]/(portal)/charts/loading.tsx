import { Bone, PlaceholderPanel, PlaceholderStack } from "@/ui/shared/placeholder";

export default function ChartsLoading() {
  return (
    <PlaceholderStack gap="lg" aria-busy>
      <Bone h={36} w={240} />
      <PlaceholderPanel>
        <Bone h={24} w={180} />
        <Bone h={36} />
        <Bone h={36} />
        <Bone h={36} w={320} />
      </PlaceholderPanel>
      <PlaceholderPanel>
        <Bone h={340} />
      </PlaceholderPanel>
    </PlaceholderStack>
  );
}
