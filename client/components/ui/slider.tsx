import type { ComponentProps, CSSProperties } from 'react';
import { cn } from '../../lib/cn';

type SliderProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'min' | 'max' | 'onChange'> & {
  value: number;
  min: number;
  max: number;
  onValueChange(value: number): void;
};

/**
 * A native range input: the browser gives it the slider role, its value and the keys (arrows, Page Up
 * and Down, Home, End). `.slider` in styles.css draws it; the track is filled up to the value.
 */
export function Slider({ className, value, min, max, onValueChange, style, ...props }: SliderProps) {
  const filled = ((value - min) / (max - min)) * 100;
  return (
    <input
      type="range"
      className={cn('slider', className)}
      value={value}
      min={min}
      max={max}
      onChange={(event) => onValueChange(Number(event.currentTarget.value))}
      style={{ '--slider-filled': `${filled}%`, ...style } as CSSProperties}
      {...props}
    />
  );
}
