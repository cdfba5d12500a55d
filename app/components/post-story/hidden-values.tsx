import type { WizardValues } from "~/routes/post-story";

/** Carries the values of the other steps through this step's form. */
export function HiddenValues({
  values,
  except,
}: {
  values: WizardValues;
  except: (keyof WizardValues)[];
}) {
  return (
    <>
      {(Object.keys(values) as (keyof WizardValues)[])
        .filter((k) => !except.includes(k))
        .map((k) => (
          <input key={k} type="hidden" name={k} value={values[k]} />
        ))}
    </>
  );
}
