import './images.css';

export interface ImageChoice {
  key: string;
  src: string;
  label: string;
}

interface ImageChoicesProps {
  /** Names the radio group, e.g. 'Stock images'. */
  legend: string;
  /** Distinguishes the inputs of several groups on one page. */
  name: string;
  choices: readonly ImageChoice[];
  selected: string | null;
  onSelect: (key: string) => void;
}

/** A grid of thumbnails to pick one from; each is a radio button, so keyboards and screen readers can choose too. */
export default function ImageChoices({ legend, name, choices, selected, onSelect }: ImageChoicesProps) {
  return (
    <fieldset className="image-choices">
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => {
        const id = `${name}-${choice.key}`;
        return (
          <div key={choice.key} className="image-choice">
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={id}
              value={choice.key}
              checked={selected === choice.key}
              onChange={() => onSelect(choice.key)}
            />
            <label className="btn btn-outline-primary p-1" htmlFor={id} title={choice.label}>
              <img src={choice.src} alt={choice.label} loading="lazy" />
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
