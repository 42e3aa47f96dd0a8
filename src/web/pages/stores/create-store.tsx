import { CreateStorePage as CreateStore } from "../../features/stores";

/** /create-store and /store-create: the stores feature's form. */
export function CreateStorePage() {
  return <CreateStore />;
}
