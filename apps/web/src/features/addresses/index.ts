export { useAddresses, addressesQueryOptions } from './api/get-addresses.ts';
