import { useEffect, useState } from 'react';
import { STORE_ID, storeSchema, type Store } from '@pizzeria/domain';

export function App() {
  const [store, setStore] = useState<Store | null>(null);
  useEffect(() => {
    void fetch(`/api/stores/${STORE_ID}`)
      .then((response) => response.json())
      .then((body: unknown) => setStore(storeSchema.parse(body)));
  }, []);
  return <h1>{store ? store.name : '…'}</h1>;
}
