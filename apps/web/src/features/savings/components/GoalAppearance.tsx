import { Box, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { GOAL_COLORS, GOAL_ICONS, type GoalColor, type GoalIcon } from '@tally/shared';
import { useId } from 'react';
import { GOAL_COLOR_VISUALS, GOAL_ICON_VISUALS } from '../goal-visuals';
import classes from '../savings.module.css';

/** The icon picker: one native radio per icon, so arrows move the choice and each has its name. */
export function GoalIconPicker({ value, onChange }: { value: GoalIcon; onChange: (icon: GoalIcon) => void }) {
  const name = useId();
  return (
    <fieldset className={classes.fieldset}>
      <Text component="legend" className={classes.legend}>
        Icon
      </Text>
      <div className={classes.choices}>
        {GOAL_ICONS.map((icon) => {
          const { icon: Icon, label } = GOAL_ICON_VISUALS[icon];
          const checked = value === icon;
          return (
            <label key={icon} className={classes.choice} data-checked={checked || undefined} title={label}>
              <input
                type="radio"
                name={name}
                value={icon}
                checked={checked}
                onChange={() => onChange(icon)}
                className={classes.radio}
                aria-label={label}
              />
              <Icon size={20} stroke={1.7} aria-hidden />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The colour picker: the ten colours as swatches, each a native radio with its name. */
export function GoalColorPicker({
  value,
  onChange,
}: {
  value: GoalColor;
  onChange: (color: GoalColor) => void;
}) {
  const name = useId();
  return (
    <fieldset className={classes.fieldset}>
      <Text component="legend" className={classes.legend}>
        Colour
      </Text>
      <div className={classes.choices}>
        {GOAL_COLORS.map((color) => {
          const { color: themeColor, label } = GOAL_COLOR_VISUALS[color];
          const checked = value === color;
          return (
            <Box
              component="label"
              key={color}
              className={`${classes.choice} ${classes.swatch}`}
              data-checked={checked || undefined}
              title={label}
              __vars={{ '--swatch': `var(--mantine-color-${themeColor}-6)` }}
            >
              <input
                type="radio"
                name={name}
                value={color}
                checked={checked}
                onChange={() => onChange(color)}
                className={classes.radio}
                aria-label={label}
              />
              {checked && <IconCheck size={16} stroke={2.5} aria-hidden />}
            </Box>
          );
        })}
      </div>
    </fieldset>
  );
}
