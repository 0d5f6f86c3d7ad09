import './register-texts.ts';
import './declarations.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDeclaration } from '@pizzeria/domain';
import { failureText } from '../../../auth/index.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { AdminPage, FailureLine, Rows, StatusLine } from '../../forms/list-editor-page.tsx';
import { useAdminTitle } from '../../shell/use-admin-title.ts';
import { declarationsQuery } from '../queries.ts';
import { AdditiveCreateForm } from './additive-create-form.tsx';
import { useArchiveAdditive } from './api/archive-additive.ts';
import { ConfirmArchiveDialog } from '../../forms/confirm-archive-dialog.tsx';
import { DeclarationItem } from './declaration-item.tsx';

/**
 * `/admin/allergy`: the names of the 14 EU allergens (fixed letters a–n) and the additives (numbers),
 * as the shop's menu and allergy filter show them. Additives can be added and archived.
 */
export function AllergyPage() {
  const { t } = useTranslation('admin');
  const { t: tList } = useTranslation('adminDeclarations', { keyPrefix: 'list' });
  useAdminTitle(t('pages.allergy'));
  const declarations = useQuery(declarationsQuery());
  const archive = useArchiveAdditive();
  // What just happened to the list (added, archived), for everyone, screen readers included.
  const [status, setStatus] = useState('');

  const archiveAdditive = (additive: AdminDeclaration) => {
    setStatus('');
    archive.mutate(additive, {
      onSuccess: () => setStatus(tList('archived_named', { code: additive.code, name: additive.name.de })),
    });
  };

  return (
    <AdminPage title={t('pages.allergy')} intro={tList('intro')}>
      <StatusLine status={status} />
      {!declarations.data ? (
        <QueryState query={declarations} />
      ) : (
        <>
          <section className="card declaration-section" aria-labelledby="allergens-title">
            <h2 id="allergens-title">{tList('allergens')}</h2>
            <p className="admin-muted">{tList('allergens_hint')}</p>
            <ul className="declaration-list">
              {declarations.data.allergens.map((allergen) => (
                <DeclarationItem key={allergen.id} kind="allergen" row={allergen} />
              ))}
            </ul>
          </section>
          <section className="card declaration-section" aria-labelledby="additives-title">
            <h2 id="additives-title">{tList('additives')}</h2>
            <FailureLine
              failure={archive.isError ? failureText(archive.error, { generic: tList('archive_failed') }) : null}
            />
            <Rows
              rows={{ data: declarations.data.additives, isError: false, refetch: declarations.refetch }}
              empty={tList('additives_empty')}
            >
              {(additives) => (
                <ul className="declaration-list">
                  {additives.map((additive) => {
                    const named = { code: additive.code, name: additive.name.de };
                    return (
                      <DeclarationItem
                        key={additive.id}
                        kind="additive"
                        row={additive}
                        actions={
                          <ConfirmArchiveDialog
                            trigger={{
                              label: tList('archive'),
                              accessibleLabel: tList('archive_named', named),
                              disabled: archive.isPending,
                            }}
                            title={tList('archive_title', named)}
                            text={tList('archive_text')}
                            confirm={tList('archive_confirm')}
                            onConfirm={() => archiveAdditive(additive)}
                          />
                        }
                      />
                    );
                  })}
                </ul>
              )}
            </Rows>
            <AdditiveCreateForm
              onCreated={(additive) => setStatus(tList('added_named', { code: additive.code, name: additive.name.de }))}
            />
          </section>
        </>
      )}
    </AdminPage>
  );
}
