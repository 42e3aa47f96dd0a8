import { StoreListPage as StoreList } from "../../features/stores";

/** /stores: the seller's stores. */
export function StoreListPage() {
  return <StoreList />;
}
