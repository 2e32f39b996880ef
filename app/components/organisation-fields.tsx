import { COUNTRIES, NAME_LABELS, PHASES, PHONE_REQUIRED } from "../organisations/organisation-options";
import { Field, SelectField, TextareaField } from "./field";
import type { GroupType } from "../../generated/schemas";

interface Props {
  groupType: GroupType;
  /** Text values to show (typed, submitted or saved). */
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
}

/** An organisation's fields as its group type asks for them (app/organisations/organisation-options.ts). */
export function OrganisationFields({ groupType, values, errors }: Props) {
  const v = (name: string) => values[name] ?? "";
  return (
    <>
      <Field name="name" label={NAME_LABELS[groupType]} autoComplete="organization" defaultValue={v("name")} error={errors.name} />

      {groupType === "education" ? (
        <>
          <Field
            name="urn"
            label="URN"
            inputMode="numeric"
            hint="The school's 6-digit unique reference number, from Get Information about Schools"
            defaultValue={v("urn")}
            error={errors.urn}
          />
          <SelectField
            name="phase"
            label="Phase"
            placeholder="Choose a phase"
            options={PHASES.map((p) => ({ value: p.value, label: p.label }))}
            defaultValue={v("phase")}
            error={errors.phase}
          />
          <fieldset className="field-group" aria-describedby="age-range-hint">
            <legend>Age range of pupils</legend>
            <p id="age-range-hint" className="field-hint">
              In years, for example 4 to 11
            </p>
            <div className="field-row">
              <Field name="ageLowest" label="Youngest" inputMode="numeric" defaultValue={v("ageLowest")} error={errors.ageLowest} />
              <Field name="ageHighest" label="Oldest" inputMode="numeric" defaultValue={v("ageHighest")} error={errors.ageHighest} />
            </div>
          </fieldset>
          <Field
            name="numberOfPupils"
            label="Number of pupils"
            inputMode="numeric"
            defaultValue={v("numberOfPupils")}
            error={errors.numberOfPupils}
          />
        </>
      ) : null}

      {groupType === "tour-operator" ? (
        <>
          <Field
            name="companyNumber"
            label="Company number"
            hint="From Companies House: 8 characters, like 01234567 or SC123456"
            defaultValue={v("companyNumber")}
            error={errors.companyNumber}
          />
          <SelectField
            name="countryOfOperation"
            label="Country of operation"
            placeholder="Choose a country"
            options={COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
            defaultValue={v("countryOfOperation")}
            error={errors.countryOfOperation}
          />
        </>
      ) : null}

      {groupType === "home-education" ? (
        <Field
          name="numberOfFamilies"
          label="Number of families"
          inputMode="numeric"
          defaultValue={v("numberOfFamilies")}
          error={errors.numberOfFamilies}
        />
      ) : null}

      {groupType === "other-group" ? (
        <TextareaField
          name="description"
          label="Describe your group"
          hint="For example: a walking club for over-60s, or a Scout troop for 10 to 14 year olds"
          defaultValue={v("description")}
          error={errors.description}
        />
      ) : null}

      <fieldset className="field-group">
        <legend>Address</legend>
        <Field name="line1" label="Address line 1" autoComplete="address-line1" defaultValue={v("line1")} error={errors.line1} />
        <Field name="line2" label="Address line 2 (optional)" autoComplete="address-line2" defaultValue={v("line2")} error={errors.line2} />
        <Field name="town" label="Town or city" autoComplete="address-level2" defaultValue={v("town")} error={errors.town} />
        <Field name="postcode" label="Postcode" autoComplete="postal-code" defaultValue={v("postcode")} error={errors.postcode} />
      </fieldset>
      <Field
        name="phone"
        type="tel"
        label={PHONE_REQUIRED[groupType] ? "Phone" : "Phone (optional)"}
        autoComplete="tel"
        defaultValue={v("phone")}
        error={errors.phone}
      />
    </>
  );
}
