export { Header } from './components/header.tsx';
export { default as Footer } from './components/footer.tsx';
export { LanguageSelect } from './components/language-select.tsx';
