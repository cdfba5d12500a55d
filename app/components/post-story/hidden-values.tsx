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

/**
 * The id of the story form on every step of the wizard and on the edit page: the draft kept in
 * the browser and the no-JavaScript language and theme switches find it by this id.
 */
export const POST_STORY_FORM = "post-story-form";
