export { LoadingScreen } from './components/loading-screen.tsx';
export { Header } from './components/header.tsx';
export { Footer } from './components/lazy-footer.tsx';
export { LanguageSelect } from './components/language-select.tsx';
