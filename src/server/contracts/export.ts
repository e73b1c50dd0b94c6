import "server-only";
import { hasFeature } from "@/lib/features";
import { getSiteById } from "@/server/sites/sites";
import { getContract, listContracts } from "./contracts";
import { listContractDocuments } from "./documents";

/**
 * The contracts section of the customer's data export ("my data"): every contract of the customer
 * as the contract pages show it, with its history of changes and the documents kept with it (name,
 * type, size, when and where to download each; the files themselves are downloaded from there). It has the shape of an export
 * section of src/server/settings (`{ key, collect }`) and answers undefined when the site has no
 * contracts area or the customer no contracts.
 */
export const contractsExportSection = {
  key: "contracts",
  async collect({ site: { id }, customerId }: { site: { id: string }; customerId: string }) {
    const site = await getSiteById(id);
    if (!site || !hasFeature(site, "contracts")) return undefined;
    const contractSite = { id: site.id, country: site.country, features: site.features, timezone: site.timezone };
    const list = await listContracts(contractSite, customerId);
    if (!list.length) return undefined;
    return Promise.all(
      list.map(async (c) => {
        const { actions: _actions, moveOutWindow: _window, renewal: _renewal, ...detail } = await getContract(contractSite, customerId, c.id);
        const kept = await listContractDocuments(contractSite.id, customerId, c.id);
        return { ...detail, keptDocuments: kept.map(({ contractId: _contractId, ...d }) => d) };
      }),
    );
  },
};
