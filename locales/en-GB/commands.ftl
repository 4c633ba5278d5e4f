# Slash commands as British English clients (Discord's en-GB) show them: only where the
# spelling differs from locales/en/wolfjudge.ftl, which gives every other text.
cmd-judge-card-color = colour
cmd-judge-card-color-desc = The card's colour
