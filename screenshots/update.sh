#!/bin/sh
# Regenerate the snapshot SVGs and copy them here under readable names.
# Run from the repository root:  sh screenshots/update.sh
set -e
.venv/bin/python -m pytest tests/test_ui.py tests/test_ui_chase.py --snapshot-update -q
src=tests/__snapshots__/test_ui
cp "$src/test_picker_snapshot.svg" screenshots/picker.svg
cp "$src/test_empty_picker_snapshot.svg" screenshots/picker-empty.svg
cp "$src/test_dice_dialog_snapshot.svg" screenshots/dice-dialog.svg
cp "$src/test_log_screen_snapshot.svg" screenshots/log.svg
cp "$src/test_recap_screen_snapshot.svg" screenshots/recap.svg
for r in dyb-og-drager dolmenwood dnd-2024; do
  cp "$src/test_party_screen_snapshot[$r].svg" "screenshots/party-$r.svg"
done
for r in dyb-og-drager dolmenwood dnd-2024; do
  for s in fresh mid encounter overdue; do
    cp "$src/test_dungeon_snapshot[$r-$s].svg" "screenshots/dungeon-$r-$s.svg"
  done
done
.venv/bin/python -m pytest tests/test_travel_ui.py -k snapshot --snapshot-update -q
for r in dyb-og-drager dolmenwood dnd-2024; do
  cp "tests/__snapshots__/test_travel_ui/test_travel_snapshot[$r].svg" "screenshots/travel-$r.svg"
done
for r in dyb-og-drager dnd-2024; do
  cp "tests/__snapshots__/test_travel_ui/test_travel_afloat_snapshot[$r].svg" "screenshots/travel-sea-$r.svg"
done
cp tests/__snapshots__/test_travel_ui/test_travel_mounted_snapshot.svg screenshots/travel-mounted-dnd-2024.svg
for r in dyb-og-drager dolmenwood dnd-2024; do
  cp "tests/__snapshots__/test_ui_chase/test_chase_screen_snapshot[$r].svg" "screenshots/chase-$r.svg"
done
cp "tests/__snapshots__/test_ui_chase/test_chase_screen_snapshot[dyb-og-drager-exhausted].svg" screenshots/chase-dyb-og-drager-exhausted.svg
cp "tests/__snapshots__/test_ui_chase/test_chase_screen_snapshot[dnd-2024-complication].svg" screenshots/chase-dnd-2024-complication.svg
ls screenshots/*.svg | wc -l
.venv/bin/python -m pytest tests/test_ui_bastion.py --snapshot-update -q
src=tests/__snapshots__/test_ui_bastion
cp "$src/test_bastion_screen_snapshot.svg" screenshots/bastion-dnd-2024.svg
cp "$src/test_bastion_screen_says_the_osr_rulesets_have_none[dolmenwood].svg" screenshots/bastion-dolmenwood.svg
cp "$src/test_combined_bastion_screen_snapshot.svg" screenshots/bastion-combined-dnd-2024.svg
.venv/bin/python -m pytest tests/test_ui_rests.py --snapshot-update -q -k snapshot
cp tests/__snapshots__/test_ui_rests/test_party_at_the_table_snapshot.svg screenshots/party-dnd-2024-dying.svg
# Danish and Ukrainian (issue 23): each screen in each language
.venv/bin/python -m pytest tests/test_i18n.py tests/test_i18n_party.py tests/test_i18n_travel.py \
  tests/test_i18n_chase.py tests/test_i18n_bastion.py tests/test_i18n_log.py -k snapshot --snapshot-update -q
s=tests/__snapshots__
cp "$s/test_i18n/test_dungeon_snapshot_in_danish_and_ukrainian[dyb-og-drager-da].svg" screenshots/dungeon-da.svg
cp "$s/test_i18n/test_dungeon_snapshot_in_danish_and_ukrainian[dolmenwood-uk].svg" screenshots/dungeon-uk.svg
cp "$s/test_i18n_party/test_party_snapshot_in_danish_and_ukrainian[dyb-og-drager-da].svg" screenshots/party-da.svg
cp "$s/test_i18n_party/test_party_snapshot_in_danish_and_ukrainian[dnd-2024-uk].svg" screenshots/party-uk.svg
cp "$s/test_i18n_travel/test_travel_snapshot_in_danish_and_ukrainian[dyb-og-drager].svg" screenshots/travel-da.svg
cp "$s/test_i18n_travel/test_travel_snapshot_in_danish_and_ukrainian[dnd-2024].svg" screenshots/travel-uk.svg
cp "$s/test_i18n_chase/test_chase_snapshot_in_danish_and_ukrainian[dyb-og-drager-da].svg" screenshots/chase-da.svg
cp "$s/test_i18n_chase/test_chase_snapshot_in_danish_and_ukrainian[dnd-2024-uk].svg" screenshots/chase-uk.svg
cp "$s/test_i18n_bastion/test_bastion_snapshot_in_danish_and_ukrainian[da].svg" screenshots/bastion-da.svg
cp "$s/test_i18n_bastion/test_bastion_snapshot_in_danish_and_ukrainian[uk].svg" screenshots/bastion-uk.svg
for v in log_screen recap_screen picker; do
  for l in da uk; do
    cp "$s/test_i18n_log/test_${v}_snapshot_in_danish_and_ukrainian[$l].svg" "screenshots/${v%_screen}-$l.svg"
  done
done
