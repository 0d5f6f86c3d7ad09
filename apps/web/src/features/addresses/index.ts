export { useAddresses, addressesQueryOptions } from './api/get-addresses.ts';
export {
  AddressFields,
  missingAddressFields,
  NameAndPhoneFields,
  type AddressFieldName,
  type AddressFieldValues,
  TextField,
} from './components/address-fields.tsx';
export { streetLine } from './street-line.ts';
