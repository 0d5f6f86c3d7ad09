import { useEffect, useState } from 'react';
import { STORE_ID, storeSchema, type Store } from '@pizzeria/domain';
import { apiRequest } from '../../lib/api-client.ts';

export function MenuPage() {
  const [store, setStore] = useState<Store | null>(null);
  useEffect(() => {
    void apiRequest(`/stores/${STORE_ID}`, storeSchema).then(setStore);
  }, []);
  return <h1>{store ? store.name : '…'}</h1>;
}
