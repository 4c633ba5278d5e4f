# wolfjudge message catalog (English).
# The Chinese catalog (locales/zh-CN/wolfjudge.ftl) must have exactly the same message ids
# (a test checks). Times are formatted by the program as "2026-12-02 20:00 UTC"; vote counts
# are plain numbers (1.5 is one and a half votes).

## Common

list-sep = {", "}
list-none = nobody
nobody = (nobody)
by-bot = the judge (automatic)
sentence = { $what }.
with-reason = { $what } — reason: { $reason }
dur-h = { $n } { $n ->
    [one] hour
   *[other] hours
}
dur-m = { $n } { $n ->
    [one] minute
   *[other] minutes
}
dur-s = { $n } { $n ->
    [one] second
   *[other] seconds
}

## Roles, phases, camps, cards

role-wolf = wolf
role-villager = villager
role-seer = seer
role-witch = witch
role-hunter = hunter
role-killer = killer
role-police = police officer
role-civilian = civilian

phase-setup = setup
phase-day = day { $day }
phase-day-round = day { $day }, tie round { $round }
phase-night = night { $night }
phase-ended = after the game

winner-wolves = the wolves
winner-village = the village
winner-police = the police and civilians
winner-killers = the killers
winner-draw = a draw

color-blue = blue
color-yellow = yellow
color-red = red

## Headings and sample chat for the simulator

heading-day = Day { $day } thread
heading-day-round = Day { $day }, tie round { $round }
heading-night = Night { $night }
heading-dm = Private message to { $name }
heading-wolves = Wolves (private)
heading-killers = Killers (private)
heading-police = Police (private)
heading-judge = Judge's log
heading-reveal = Reveal
heading-public = Announcements
heading-internal = Internal record
refused = (only { $name } sees this) Not accepted: { $message }

chat-1 = I'm village. Let's hear from everyone first.
chat-2 = Interesting death last night. What was the other side thinking?
chat-3 = That post above says nothing at all. Can you be more specific?
chat-4 = I think we should vote out whoever has posted the least today.
chat-5 = Seer, maybe it's time to share a check?
chat-6 = I don't get this vote pattern. Can anyone explain it?
chat-7 = Don't pick sides yet; let's get the logic straight first.
chat-8 = I'll hold my opinion for now and vote later.
chat-9 = Did anyone notice they changed their vote yesterday?
chat-10 = Stick together and don't let the other side steer the thread.

## Refusals said to players (err- followed by RuleError::code() with `_` as `-`)

err-game-over = The game is over; nothing more can be done. The reveal shows every role and what happened.
err-unknown-character = There is no character called “{ $name }”. Check the spelling (copy the name from the list of living characters).
err-not-judge = Only the judge can do that.
err-not-a-character = The judge doesn't play a character, so player actions aren't available to the judge.
err-actor-dead = You ({ $name }) are out of the game and can't do that any more. { $game ->
    [mafia] Once out, you can only leave last words and write in the tree hole.
   *[other] Once out, you can only leave last words, write in the tree hole, and make the decisions your exit opened (shoot, pass the badge or the leadership).
}
err-wrong-phase = That can't be done now ({ $phase }). Day actions (posts, votes) belong to the day and night abilities to the night; try again then.
err-day-closed = Today's vote has closed: no more posts or votes today. Wait for the next phase to begin.
err-night-deadline-passed = Tonight's deadline for this has passed; it can't be done tonight any more. Wait for the next night.
err-leader-election-over = { $has ->
    [yes] The wolf leader election is held on the first night only and is over: the leader is { $leader }. A leader who is out hands the leadership on.
   *[no] The wolf leader election is held on the first night only and is over.
}
err-no-ability = Your role ({ $name }) can't do that now. The role message the judge sent you lists what you can do and when.
err-target-dead = { $name } is out of the game and can't be a target. Choose a living character.
err-vote-change-limit = { $limit ->
    [0] Votes can't be changed in this game: your first vote is final.
    [one] You have already changed your vote once, the most allowed. Your current vote stands.
   *[other] You have already changed your vote { $limit } times, the most allowed. Your current vote stands.
}
err-vote-locked = Votes can't be changed within { $lock } of the close ({ $closes }). Your current vote stands.
err-proxy-too-late = Proxy vote requests must reach the judge more than { $deadline } before the close ({ $closes }). This one is too late and void; you can still vote yourself.
err-proxy-change-too-late = Changes to a proxy vote must reach the judge more than { $deadline } before the close ({ $closes }). This change is too late and void; your earlier vote stands.
err-witch-self-save = The witch can't use the antidote on herself. You can still use the poison, or pass tonight.
err-one-potion-per-night = Only one potion a night: you have already used one tonight.
err-antidote-used = Your antidote is used up (it works once per game). You can still use the poison if you have it, or pass tonight.
err-poison-used = Your poison is used up (it works once per game).
err-no-kill-target = Nobody was attacked tonight, so there is nobody to save. You can use the poison, or pass tonight.
err-wolves-not-done = The wolves haven't fixed tonight's kill yet. The judge will message you once they have; use your potions then.
err-already-acted = You have already done that tonight; it can't be repeated.
err-kill-reason-length = A kill reason has exactly { $want } characters; yours has { $len }.
err-kill-fixed = Tonight's kill is already fixed; it can't be submitted or changed any more.
err-not-leader = { $has ->
    [yes] Only the wolf leader ({ $leader }) can pick the kill. Submit your target and the leader will choose.
   *[no] No wolf leader has been chosen yet, so nobody can pick the kill. Submit your target first.
}
err-leader-not-chosen = No wolf leader has been elected yet (the first night's election is still open), so nobody can pick the kill. Submit your target; once elected, the leader picks from the submissions.
err-not-submitted = No wolf has submitted { $name } as a target. The leader can only pick one of the submitted targets; submit { $name } first.
err-target-self = You can't target yourself. Choose another character.
err-target-not-wolf = { $name } is not a wolf. The leader election and the leader hand-over only accept living wolves.
err-no-decision-pending = { $game ->
    [mafia] You have no decision to make: in this game a character who is out can only leave last words and write in the tree hole.
   *[other] You have no such decision to make: shooting, passing the badge and passing the leadership belong to the hunter, the sheriff and the wolf leader as they go out.
}
err-decision-made = You have already made that decision; it can't be changed.
err-decision-lapsed = The time for that decision has run out and the rules have settled it (a shot is forfeited; the badge or the leadership went to a random successor).
err-shoot-first = As hunter and sheriff you shoot first: take your shot, then pass the badge.
err-already-requested = You have already asked to speed up; no need to ask again. The game speeds up by itself once more than half have asked.
err-already-sped-up = The game is already sped up; no need to ask.
err-speedup-unavailable = This game's rules don't allow a speed-up.
err-last-words-not-granted = You have no last words: in this game only the first { $quota } characters out (not counting red cards or removals by the judge) may leave them.
err-last-words-too-late = Too late for last words: they must be in before the day on which they would be published begins.
err-last-words-given = You have already given your last words; they can't be changed.
err-not-tied = { $name } is not among the tied characters. In this tie round you can only vote for: { $candidates }.
err-not-a-voter = You are one of the tied characters, so you don't vote in this tie round; the others decide.
err-concede-not-allowed = A side can only concede when a single member of it is left.
err-first-kill-forbidden = { $name } was the first-night kill of the previous game in this tournament, and the house rule forbids the same first-night kill in two consecutive games. Choose another target tonight; from the second night on { $name } may be chosen again.
err-invalid-winner = “{ $winner }” can't win this game. Possible outcomes: { $options }.

## Role messages

ev-role-told = Your role is: { $role }.
role-desc-wolf = Each night, within { $night } of nightfall, send the judge a kill target with a short reason (a word or two). { $leader ->
    [yes] On the first night every wolf must vote for a wolf leader (mandatory; not voting costs a yellow card); after that the leader picks the night's kill from the wolves' submissions, and if the leader has picked nothing by the deadline, { $fallback ->
        [most] the most-submitted target is killed (on a tie, the one submitted first).
       *[none] there is no kill that night.
    }
   *[no] The night's kill is the most-submitted target (on a tie, the one submitted first).
}
role-desc-villager = You have no ability. Post and vote during the day to find the wolves.
role-desc-seer = Each night, within { $night } of nightfall, you may check one other living character and learn whether they are village or wolf side.
role-desc-witch = You hold one antidote and one poison, each usable once, and only one of them per night. While you hold the antidote, the judge tells you each night whom the wolves attacked once their kill is fixed, and you may save them{ $selfsave ->
    [yes] {" "}(yourself included)
    [first] {" "}(yourself on the first night only)
   *[no] {" "}(but not yourself)
}; after using the antidote you are no longer told. You may instead poison any living character. Deadline: { $witch } after nightfall.
role-desc-hunter = When you leave the game (killed, poisoned or voted out; not when sent off by a red card or removed by the judge), you may, within { $window }, shoot one other living character, who leaves the game with you.
role-desc-killer = Each night, within { $night } of nightfall, you and the other killers each send the judge a kill target; the majority decides (a killer who sends nothing goes along with the others; on an even split, the target submitted first).
role-desc-police = Each night, within { $night } of nightfall, you and the other police each send the judge a character to check; the majority decides and you all learn that character's exact role.
role-desc-civilian = You have no ability. Post and vote during the day to find the killers.
team-wolf = Your fellow wolves: { $names }. You know each other, { $chat ->
    [yes] and you can talk in the wolves' group chat.
   *[no] but there is no wolf group chat: each of you talks to the judge alone.
}
team-wolf-alone = You are the only wolf in this game.
team-killer = Your fellow killers: { $names }.
team-killer-alone = You are the only killer in this game.
team-police = Your fellow police: { $names }.
team-police-alone = You are the only police officer in this game.
goal-wolves = You win when living wolves are at least half of the living characters, or the seer, witch and hunter are all out, or all villagers are out.
goal-village = You win when all wolves are out.
goal-killers = You win when all police are out (if all civilians are out, the game is a draw).
goal-town = You win when all killers are out (if all civilians are out, the game is a draw).

## Events

ev-created = (internal) Game created: ruleset { $ruleset }, { $count } characters, starting { $start }.
ev-seed-committed = Commitment to the random seed (SHA-256): { $commitment }. The seed is published when the game ends, so anyone can check the deal and every random draw.
ev-roles-dealt-seed = The deal (random, by the seed, draw 0):
ev-roles-dealt-fixed = The deal (fixed):
ev-dealt-role = { $name }: { $role }

ev-day-title = === Day { $day } ===
ev-day-round-title = === Day { $day }, tie round { $round } ===
ev-day-deaths = Out{ $count ->
    [1] {""}
   *[other] {" "}(in order)
}: { $names }
ev-day-out-on-day = Out on day { $day }{ $count ->
    [1] {""}
   *[other] {" "}(in order)
}: { $names }
ev-day-nobody-out = Nobody left the game on day { $day }.
ev-day-out-at-night = Died in night { $night }{ $count ->
    [1] {""}
   *[other] {" "}(in order)
}: { $names }
ev-day-peaceful-night = Night { $night } was quiet: nobody died.
ev-day-sheriff = Sheriff: { $name }
ev-day-no-sheriff = There is no sheriff.
ev-day-alive = Alive ({ $count }): { $names }
ev-day-last-words = Last words:
ev-day-last-word = { $name }: { $text }
ev-day-vote-sheriff = Today's vote elects the sheriff: whoever has the most votes wins (on a tie, whoever reached that count first).
ev-day-vote-out = Today's vote sends one character out: whoever has the most votes leaves the game.
ev-day-vote-out-sheriff = Today's vote sends one character out: whoever has the most votes leaves the game. The sheriff's vote counts { $weight }; on a tie at the top, the tied character the sheriff voted for leaves, and if the sheriff voted for none of them, nobody does.
ev-day-vote-rules = Vote with a target and a reason, or abstain explicitly. { $changes ->
    [0] Votes can't be changed in this game.
    [one] You may change your vote once, but not within { $lock } of the close.
   *[other] You may change your vote { $changes } times, but not within { $lock } of the close.
}
ev-day-candidates = Tied: { $names }. Only they can be voted for in this round.
ev-day-voters = Voting in this round: { $names }
ev-day-closes = Discussion and vote close at { $closes }.

ev-posted = { $name }: { $text }
ev-vote = { $by } votes for { $target }
ev-vote-change = { $by } changes their vote to { $target }
ev-vote-abstain = { $by } abstains
ev-vote-abstain-change = { $by } changes their vote to an abstention
ev-vote-proxy = { $vote } (proxy vote, cast by the judge)
ev-vote-closed = The { $phase } vote has closed. Votes: { $tally }
ev-vote-closed-empty = The { $phase } vote has closed with no valid votes.
ev-tally-entry = { $name } { $votes } { $votes ->
    [one] vote
   *[other] votes
}
ev-sheriff-elected = { $name } is elected sheriff; from now on the sheriff's vote counts { $weight }.
ev-sheriff-none = Nobody received a vote; there is no sheriff for now.
ev-nobody-out-no-votes = Nobody received a vote; nobody leaves the game today.
ev-nobody-out-tie = The top of the vote is tied; nobody leaves the game today.

ev-out-vote = { $name } is voted out.
ev-out-night = { $name } died during the night.
ev-out-shot = { $name } is shot and leaves the game.
ev-out-red-card = { $name } is sent off with a red card.
ev-out-judge = { $name } is removed from the game by the judge.
ev-out-night-kill-judge = { $name } is killed by the wolves during { $phase }.
ev-out-night-kill-judge-mafia = { $name } is killed by the killers during { $phase }.
ev-out-poison-judge = { $name } is poisoned by the witch during { $phase }.

ev-last-words-granted = You are out of the game. You may leave last words, to be published when day { $day } opens. Send them with /lastwords before day { $day } begins; otherwise they are forfeited (declining does not pass the right to anyone else).
ev-last-words-given = Your last words are received and will be published when day { $day } opens: { $text }
ev-last-words-given-later = Your last words are received and will be published when the next day opens: { $text }
ev-decide-shoot = You are out of the game. As the hunter you may shoot one other living character before { $until }. If you haven't shot by then, the shot is forfeited.
ev-decide-badge = You are out of the game. As sheriff you must pass the badge to a living character before { $until }. { $card ->
    [yes] Otherwise it goes to a random character and you get a yellow card.
   *[no] Otherwise it goes to a random character.
}
ev-decide-leader = You are out of the game. As wolf leader you must name a living wolf as the new leader before { $until }. { $card ->
    [yes] Otherwise a random wolf leads and you get a yellow card.
   *[no] Otherwise a random wolf leads.
}
ev-shot = { $hunter } shoots { $target }.
ev-lapsed-shoot = { $name } did not shoot in time; the shot is forfeited.
ev-lapsed-badge = { $name } did not pass the badge in time.
ev-lapsed-leader = { $name } did not pass the leadership in time.
ev-shot-declined = { $name } chose not to shoot.
ev-badge-passed = { $from } passes the badge to { $to }, the new sheriff.
ev-badge-drawn = The badge goes by random draw (seed draw { $draw }) to { $to }, the new sheriff.
ev-badge-given = { $to } becomes sheriff.
ev-leader-passed = { $from } passes the leadership to { $to }, the new wolf leader.
ev-leader-drawn = The new wolf leader is chosen by random draw (seed draw { $draw }): { $to }.
ev-leader-given = { $to } becomes the wolf leader.

ev-night-opened-werewolf = === Night { $night } === Night falls. Wolves and seer, message the judge before { $wolves }; the witch before { $witch }.
ev-night-opened-mafia = === Night { $night } === Night falls. Killers and police, message the judge before { $wolves }.
# The night's prompt, by DM to each character with a night action (the menus come with it).
prompt-night-wolf = Night { $night }: send tonight's kill target, with a short reason, before { $until }.
prompt-night-wolf-elect = This is the first night: by the same deadline, every wolf also votes for a wolf leader (you may vote for yourself){ $card ->
    [yes] ; a wolf who has not voted by the deadline gets a yellow card
   *[no] {""}
}. The leader then picks the kill from the wolves' submissions.
prompt-night-wolf-leader = You are the wolf leader: once the wolves have submitted, pick tonight's kill from their targets before { $until } (a menu will follow). If you pick nothing by then, { $fallback ->
    [most] the most-submitted target is used (earliest submitted on a tie).
   *[none] there is no kill tonight.
}
prompt-night-wolf-member = The wolf leader, { $leader }, picks tonight's kill from the wolves' submissions.
prompt-night-wolf-majority = Tonight's kill is the most-submitted target (earliest submitted on a tie).
prompt-night-seer = Night { $night }: you may check one other living character before { $until } and learn whether they are village or wolf; if you don't, the check is forfeited.
prompt-night-killer = Night { $night }: send tonight's target, with a short reason, before { $until }. The killers' majority decides (earliest submitted on a tie).
prompt-night-police = Night { $night }: send the character to check tonight before { $until }. The police's majority decides, and you all learn that character's exact role.
prompt-out-no-last-words = You are out of the game. This game's last-words quota ({ $quota }) is used up, so you leave no last words. You can keep reading the threads, but please don't post in them any more; until the game ends you can also keep private notes with /treehole (your "tree hole"), which are published when the game ends.
ev-leader-voted = { $by } votes for { $target } as wolf leader.
ev-leader-elected = { $name } is elected wolf leader and picks each night's kill from the wolves' submissions.
ev-leader-elected-drawn = No valid leader votes; the wolf leader is chosen by random draw (seed draw { $draw }): { $name }.
ev-kill-submitted = { $by } submits { $target } as the kill
ev-kill-submitted-mafia = { $by } submits { $target } as the target
ev-kill-picked = The leader { $leader } picks { $target } as tonight's kill.
ev-kill-fallback = The leader picked nothing by the deadline. { $tie ->
    [yes] The submissions were evenly split, so the one submitted first counts: tonight's kill is { $target }.
   *[no] The most-submitted target counts: tonight's kill is { $target }.
}
ev-kill-majority = { $tie ->
    [yes] The submissions were evenly split, so the one submitted first counts: tonight's kill is { $target }.
   *[no] By majority, tonight's kill is { $target }.
}
ev-kill-majority-mafia = { $tie ->
    [yes] The killers were evenly split, so the target submitted first counts: tonight's victim is { $target }.
   *[no] By majority, tonight's victim is { $target }.
}
ev-kill-none = There is no kill tonight.
ev-kill-none-mafia = Nobody is killed tonight.
ev-witch-told = Tonight the wolves attacked { $target }. You may save them with the antidote{ $selfsave ->
    [yes] {""}
   *[no] {" "}(not if it is you)
}, or poison a living character, or pass; only one potion a night.
ev-witch-told-no-kill = Nobody was attacked tonight. You may poison a living character, or pass.
ev-witch-not-told = The wolves have acted. You are not told tonight's target (your antidote is used, or nobody was attacked). You may poison a living character if you still have the poison, or pass.
ev-witch-until = Decide before { $until }; if you don't, no potion is used tonight.
ev-witch-saved = You used the antidote on { $target }. It is gone, and you will no longer be told the wolves' target.
ev-witch-poisoned = You used the poison on { $target }. It is gone.
ev-witch-passed = You used no potion tonight.
ev-seer-village = Check result: { $target } is village.
ev-seer-not-village = Check result: { $target } is on the wolves' side.
ev-check-submitted = { $by } submits { $target } for the check.
ev-police-result = Check result (the majority's choice): { $target } is a { $role }.
ev-wolves-closed = (internal) The wolves', seer's and police's deadline has passed.
ev-night-ended = Night { $night } is over; day breaks.

ev-card = { $name } gets a { $color } card: { $reason }.
ev-card-you = You get a { $color } card: { $reason }.
card-reason-judge = judge's ruling: { $text }
card-reason-no-vote = neither voted nor abstained on day { $day }
card-reason-few-posts = posted { $posts ->
    [one] once
   *[other] { $posts } times
} on day { $day } (at least { $min } needed)
card-reason-lurk-streak = fewer than { $min } posts on each of { $days } consecutive days up to day { $day }
card-reason-mandatory = a required action was not done in time
card-reason-pass-badge = did not pass the sheriff's badge in time
card-reason-leader-vote-judge = did not vote for a wolf leader on the first night
card-reason-pass-leader-judge = did not pass the wolf leadership in time
ev-cards-converted = { $name }'s { $count } { $from } cards become one { $to } card.
ev-cards-converted-you = Your { $count } { $from } cards become one { $to } card.
ev-speedup-requested = { $name } asks to speed up ({ $count }/{ $needed }).
ev-sped-up = More than half of the living characters asked: the game speeds up. From the next day on, days last { $length } (today's deadline stays).{ $cards ->
    [yes] {" "}Lurking and missed votes no longer earn automatic yellow cards.
   *[no] {""}
}
ev-substituted = Substitute: { $player } now plays { $name } (same role, abilities and cards).
ev-extended = The judge extended the current deadline by { $dur }.
ev-shortened = The judge brought the current deadline forward by { $dur }.
ev-paused = The judge has paused the game: no deadline runs until it resumes.
ev-resumed = The judge resumed the game; every open deadline moved { $dur } later.
ev-tree-hole = Noted in your tree hole (published when the game ends): { $text }
ev-conceded = { $name } concedes for their side.
ev-game-ended = Game over: { $reason }. Winner: { $winner }.
ev-game-ended-draw = Game over: { $reason }. The game is a draw.
ev-game-ended-none = Game over: { $reason }. There is no winner.
end-condition = a win condition holds
end-wolves-out = all the wolves are out
end-wolves-half = the living wolves are half of the living characters
end-gods-out = the seer, the witch and the hunter are all out
end-villagers-out = all the villagers are out
end-killers-out = all the killers are out
end-police-out = all the police officers are out
end-civilians-out = all the civilians are out
end-red-card = a red card lost the game for one side
end-concede = a side conceded
end-tie-rounds = still tied after both tie rounds
end-judge = the judge ended it

## Reveal

ev-reveal-title = === Reveal ===
ev-reveal-roles = Roles:
ev-reveal-role = { $name } (player { $player }): { $role }
ev-reveal-role-own = { $name }: { $role }
ev-reveal-deeds = What happened:
ev-reveal-deed = { $phase }: { $deed }
ev-reveal-deed-at = { $phase } { $time }: { $deed }
ev-reveal-no-deeds = (nothing)
ev-reveal-tree-holes = Tree hole:
ev-reveal-tree-hole = { $name }: { $text }
ev-reveal-no-tree-holes = (empty)
ev-reveal-seed = Random seed: { $seed }
ev-reveal-commitment = Commitment published at the start: { $commitment }
ev-reveal-verify = To verify: the sha256 of the seed's 8 little-endian bytes must equal the commitment; random draw i uses stream i of ChaCha20 seeded with the seed. In one line, on the exported game (the judge's `/judge export`): `wolfjudge verify game.json --commitment { $commitment }` checks the seed and prints the deal it gives.
ev-reveal-verify-256 = To verify: the sha256 of the seed's 32 bytes (the 64 hex digits above) must equal the commitment; random draw i uses stream i of ChaCha20 whose 32-byte key is the seed. In one line, on the exported game (the judge's `/judge export`): `wolfjudge verify game.json --commitment { $commitment }` checks the seed and prints the deal it gives.

deed-vote = { $by } votes for { $target }
deed-abstain = { $by } abstains
deed-shoot = { $by } shoots { $target }
deed-pass-badge = { $by } passes the badge to { $target }
deed-pass-leader = { $by } passes the leadership to { $target }
deed-leader-vote = { $by } votes for { $target } as wolf leader
deed-kill = { $by } submits { $target } as the kill
deed-kill-mafia = { $by } submits { $target } as the target
deed-pick = the leader { $by } picks { $target }
deed-kill-fixed = the kill is { $target }
deed-kill-fixed-mafia = the victim is { $target }
deed-kill-none = no kill
deed-kill-none-mafia = nobody killed
deed-save = { $by } saves { $target }
deed-poison = { $by } poisons { $target }
deed-pass = { $by } uses no potion
deed-check = { $by } checks { $target }
deed-other = { $by }: { $what } { $target }
deed-abstention = abstention
deed-vote-change = { $by } changed the vote: { $from } → { $to }
deed-proxy = { $what } (cast by the judge for { $by })
deed-card = { $target } got a { $color } card: { $reason }{ $public ->
    [yes] { " " }(public)
   *[no] { " " }(not public; only { $target } was told)
}
deed-cards-converted = { $target }'s { $from } cards became one { $to } card
deed-hold-fire = { $by } chose not to shoot
deed-lapsed-shoot = { $by } did not shoot in time (forfeited)
deed-lapsed-badge = { $by } did not pass the badge in time
deed-lapsed-leader = { $by } did not pass the leadership in time
deed-badge-drawn = { $by }'s badge went by seeded random draw to { $target }
deed-leader-drawn = the leadership went by seeded random draw to { $target }
deed-leader-elected = { $target } was elected wolf leader

## Reminders (deadlines kept in the database)
reminder-vote = Reminder: the { $phase } vote closes at { $closes }. If you have not voted yet, vote (target and reason) or abstain before then.
reminder-night = Reminder: your night action for { $phase } is due at { $closes }. Choose before then, or it is forfeited.

## Simulator (wolfjudge simulate): titles, character names, the judge's log, sample texts

sim-title = wolfjudge simulated game: ruleset { $ruleset }, { $players } players, seed { $seed }.
sim-legend = Below, in time order, is what each player sees. The brackets say where: the day threads and the night announcements are public; a private message is seen by its addressee only; the wolves', killers' and police's channels by that side only; the judge's log by the judge only (routine posts are not logged one by one, but counted once when each vote closes).
sim-clock = Times are in the game's time zone, { $zone }: the game starts at { $start }.
sim-summary = End of the simulation: { $days } { $days ->
    [one] day
   *[other] days
}, { $commands } commands, { $refused } of them not accepted.
sim-winner = Result: { $winner } won.
sim-draw = Result: a draw.
sim-no-winner = Result: no winner.
sim-error-ruleset = Unknown ruleset “{ $name }” (known: m32, mafia).
sim-error-players = The { $ruleset } ruleset cannot seat { $players } players (it seats { $allowed }).
sim-error-setup = Cannot start the simulation: { $error }
sim-error-cap = The simulation had not ended after { $commands } commands ({ $phase }) and was stopped.
sim-error-stalled = The simulation stalled: nothing falls due after { $phase }, so the game cannot go on.

## Command line (wolfjudge simulate, verify, standings)

cli-sim-seed-range = Seed { $seed } with { $games } games: the last game's seed would pass the largest seed, { $max } (SEED + GAMES - 1 must be at most that).
cli-sim-game = Game { $game } of { $games }, seed { $seed }
cli-sim-summary = The { $games } simulated games:
cli-sim-summary-game = game { $game } (seed { $seed }): { $result }, { $days } { $days ->
    [one] day
   *[other] days
}.
cli-sim-result-winner = { $winner } won
cli-sim-result-draw = a draw
cli-sim-result-none = no winner
cli-sim-stored = game { $id } (key { $key }) is stored in the database.
cli-sim-tournament-game = game { $game } of tournament “{ $tournament }” is recorded (seed { $seed }).
cli-cannot-read = cannot read { $file }: { $error }
cli-invalid-script = invalid game script: { $error }
cli-verify-mismatch = the seed does not match the commitment: the seed { $seed } hashes to { $got }, not { $want }
cli-verify-seed = seed { $seed }: sha256 of its 8 little-endian bytes is { $hash }, the commitment
cli-verify-seed-256 = 256-bit seed { $seed }: sha256 of its 32 bytes is { $hash }, the commitment
cli-verify-fixed = the roles are fixed in the script, not dealt by the seed:
cli-verify-deal = the deal the seed gives (draw 0):
cli-verify-role = { $name }: { $key } ({ $role })
cli-verify-ended = replayed to the end: { $result }.
cli-verify-replayed = replayed to { $phase }; the game has not ended.
cli-chart-write = cannot write the chart to { $path }: { $error }

sim-name-1 = Alice
sim-name-2 = Bob
sim-name-3 = Carol
sim-name-4 = Dave
sim-name-5 = Erin
sim-name-6 = Frank
sim-name-7 = Grace
sim-name-8 = Heidi
sim-name-9 = Ivan
sim-name-10 = Judy
sim-name-11 = Mallory
sim-name-12 = Niaj
sim-name-13 = Olivia
sim-name-14 = Peggy
sim-name-15 = Rupert
sim-name-16 = Sybil

# The simulated players' accounts: in an anonymous game they differ from the characters
# and are matched to them only in the reveal.
sim-account-1 = nightowl
sim-account-2 = tangerine
sim-account-3 = quietfox
sim-account-4 = northsnow
sim-account-5 = catface
sim-account-6 = cloudcrane
sim-account-7 = nocilantro
sim-account-8 = smallwind
sim-account-9 = nextdoor
sim-account-10 = halfmoon
sim-account-11 = anon42
sim-account-12 = earlybird
sim-account-13 = pumpkinpie
sim-account-14 = ghostie
sim-account-15 = breeze
sim-account-16 = passerby

sim-judge-command = { $actor }: { $action }
sim-judge-posts = { $count } { $count ->
    [one] post
   *[other] posts
} in the { $phase } thread (not logged one by one; the index has each character's posts).
sim-elevator-line = { $name } ({ $count }): { $floors }
sim-judge-command-refused = { $actor }: { $action } (not accepted: { $reason })
sim-actor-judge = the judge
sim-act-post = post in the thread
sim-act-vote = vote for { $target } — reason: { $reason }
sim-act-abstain = abstain
sim-act-proxy = ask the judge to cast a proxy vote for { $target }
sim-act-speedup = ask to speed up
sim-act-last-words = leave last words
sim-act-tree-hole = write in the tree hole
sim-act-leader-vote = vote for { $target } as wolf leader
sim-act-kill = submit { $target } as the kill — reason: { $reason }
sim-act-kill-mafia = submit { $target } as the target — reason: { $reason }
sim-act-pick = pick { $target } as the kill
sim-act-save = use the antidote
sim-act-poison = poison { $target }
sim-act-witch-pass = use no potion tonight
sim-act-check = check { $target }
sim-act-shoot = shoot { $target }
sim-act-hold-fire = decline to shoot
sim-act-pass-badge = pass the badge to { $target }
sim-act-pass-leader = pass the leadership to { $target }
sim-act-concede = concede
sim-act-card = give { $target } a { $color } card — reason: { $reason }
sim-act-remove = remove { $target } from the game — reason: { $reason }
sim-act-substitute = let { $player } take over { $target }
sim-act-extend = move the deadline by { $seconds } seconds
sim-act-end = end the game: { $winner }
sim-act-pause = pause the game
sim-act-resume = resume the game
sim-act-tick = let time pass

sim-vote-reason-1 = says nothing useful
sim-vote-reason-2 = odd voting pattern
sim-vote-reason-3 = contradicts themselves
sim-vote-reason-4 = keeps steering the thread
sim-vote-reason-5 = going with the crowd
sim-vote-reason-6 = just a feeling
# Two characters each: M32 wants a two-character kill reason (RULES §1).
sim-kill-reason-1 = IQ
sim-kill-reason-2 = PR
sim-kill-reason-3 = go
sim-kill-reason-4 = no
sim-last-words-1 = I'm village. Look hard at yesterday's votes.
sim-last-words-2 = Nothing more to say; I trust the village to win.
sim-last-words-3 = Watch whoever keeps changing their vote.
sim-last-words-4 = I'm out; it's up to you now.
sim-tree-hole-1 = Something is off about today's sheriff.
sim-tree-hole-2 = Hard to read today's thread; noting it down.
sim-tree-hole-3 = Next time I'll vote earlier.
sim-card-reason-1 = off-topic posting
sim-card-reason-2 = pushing others to vote in a hostile tone
sim-card-reason-3 = discussing the game outside the thread

## Tournaments (docs/rules.md §3): the standings table and its awards.
tournament-title = Tournament { $name } ({ $ruleset }): { $played } of { $planned } games finished, judge { $judge }
tournament-col-rank = #
tournament-col-player = Player
tournament-col-game = G{ $n }
tournament-col-total = Total
tournament-col-games = Games
tournament-col-wins = Wins by role
tournament-judged = judge×{ $count }
tournament-unfinished = Still being played: { $games }
tournament-awards = Awards
tournament-award-top = Top three
tournament-award-line = { $award }: { $player }, { $points ->
    [one] { $points } point
   *[other] { $points } points
} as { $roles }
tournament-award-none = { $award }: nobody (no points in this category)
tournament-top-line = No. { $rank }: { $player }, { $points ->
    [one] { $points } point
   *[other] { $points } points
}
tournament-with-tie = { $line } (tie-break: { $tie })
tournament-tie-games = level with { $other }, fewer games played ({ $games } against { $other_games })
tournament-tie-signup = level with { $other } on points and games, signed up earlier
tournament-tie-name = level with { $other } on points, games and sign-up, first by name
tournament-chart-title = { $name }: cumulative points
tournament-chart-start = start
tournament-chart-x = game
tournament-chart-y = points
tournament-chart-legend = { $rank }. { $player } ({ $points })
tournament-chart-missing = Note: { $count ->
    [one] a character the font lacks is
   *[other] { $count } characters the font lacks are
} drawn as ?; the table has the names in full.
tournament-default-judge = Trent
standings-embed-title = Standings: { $name }
stats-title = { $member } in this server's games:
stats-games = Games played: { $games } ({ $finished } finished: { $won } won, { $lost } lost, { $none } without a result)
stats-wins = Wins by role: { $wins }
stats-cards = Cards received: { $blue } blue, { $yellow } yellow, { $red } red
stats-judged = Games judged: { $count }

## Refusals of script steps and judge durations
err-paused = The judge has paused the game; wait until it resumes.
err-not-paused = The game is not paused.
err-invalid-duration = A duration must be longer than zero and at most { $max } days (for example 90m, 24h or 1h30m).
err-text-too-long = { $what ->
        [post] The post
        [reason] The reason
        [last_words] The last words
        [tree_hole] The tree-hole note
       *[player] The player account
    } is too long: at most { $max } characters are kept. Shorten it and try again.
err-clock-limit = The game's clock cannot go past { $latest } ({ $years } years after the start): nothing more can happen or fall due after that.
wait-phase-over = { $phase } is already over; the game cannot go back to it.
wait-phase-unreachable = The game cannot reach { $phase }: it ends (or stops waiting for anything) before then. Nothing was changed.
wait-too-many-phases = This wait would step through more than { $max } phases; one wait may step through at most { $max }.
script-step-stopped = step { $step }: { $error }
script-too-many-phases = the game would pass through more than { $max } phases in all; a script may play at most { $max }.
script-too-large = the script is larger than { $max } bytes, the most a script may be.
script-too-many-steps = the script has more than { $max } steps, the most a script may have.
script-too-many-values = the script holds more than { $max } JSON values, the most a script may hold.
script-too-long = { $field } is longer than { $max } characters, the most it may be.
script-place-step = step { $step }
script-place-step-field = step { $step } field `{ $field }`
script-place-field = field `{ $field }`
outbox-undeliverable = A message to { $to } could not be delivered after { $attempts } attempts: { $why } It was set aside so the channel can go on. Please pass it on by hand: { $body }
outbox-refused = Discord refused a message to { $to }: { $why } It was set aside and the channel goes on. It began: { $start }

## Discord: day posts and night choices
post-day-title = Day { $day }
choice-leader = Vote for the wolf leader
choice-kill = Submit tonight's kill
choice-pick = Pick tonight's kill (leader)
choice-save = Use the antidote
choice-poison = Poison someone
choice-pass = No potion tonight
choice-check = Check a character
choice-shoot = Shoot someone
choice-hold = Don't shoot
choice-badge = Pass the sheriff's badge to
choice-lead = Pass the leadership to

## Discord: refusals of the bot's own (the rules' refusals are err-*)
svc-not-set-up = This server has no game forum yet. A member with the Manage Server permission needs to run /wolf-setup first.
svc-not-judge = Only members with this server's judge role may do that.
svc-no-game = There is no game here. Use the command in the game's post or sign-up post, or in a DM with the bot while you play.
svc-not-a-player = You are not playing in this game.
svc-signup-closed = This sign-up is closed: the game has started.
svc-already-joined = You are already signed up.
svc-not-joined = You are not signed up.
svc-player-count = { $players } players cannot play { $ruleset }; wait for more sign-ups (or fewer).
svc-unknown-ruleset = There is no ruleset called "{ $name }"; choose one from the list.
svc-unknown-target = "{ $name }" is not a character of this game (or not a valid value); pick one from the list.
svc-unknown-time-zone = "{ $name }" is not a time zone I know. Give an IANA time zone name, such as Europe/London, America/New_York, Asia/Shanghai or UTC.
svc-empty-reason = Please give a reason.
svc-already-playing = { $player } is already playing in this game.
svc-platform = Discord refused the request: { $why }
svc-internal = Something went wrong on our side; your command may or may not have been recorded. Check with /status before trying again.
svc-db-unanswered = The database did not answer in time; your command may or may not have been recorded. Check with /status before trying again.
svc-slow-choose-again = The database answered too slowly for the reason form to open; your kill was not submitted. Please choose again in the menu.
svc-rolled-back = Something went wrong on our side; nothing was changed. Please try again in a moment.
svc-stale-button = This button has expired.
svc-pick-one = Pick a character from the menu first.
svc-bad-duration = "{ $text }" is not a duration; write it like 90m, 2h, 1d or 1h30m.
svc-no-tournament = There is no tournament called "{ $name }" in this server; check the name, or a judge can create it with /tournament new.
svc-no-tournaments = This server has no tournament yet; a judge can create one with /tournament new.
svc-tournament-exists = A tournament called "{ $name }" already exists; choose another name.
svc-tournament-full = Tournament { $name } already has its { $planned } games; create a new tournament for more.
svc-tournament-ruleset = Tournament { $name } plays { $ruleset }; open its games with that ruleset.
svc-no-games-planned = A tournament needs at least one game; give games:1 or more.
svc-judge-plays = You play in this game, so you may not judge it. Another judge who does not play can; or a member with Manage Server can allow playing judges with /wolf-setup playing_judge:True (they then judge without seeing roles).
svc-judge-plays-secret = You play in this game: its secrets (roles, cards, the night, the export) stay hidden from you until it ends. Ask a judge who does not play.
svc-foreign-game = This button belongs to a game of another server; it does nothing here.

## Discord: what a second press of a night action answers
recorded-leader = Already recorded: your leader vote for { $name }.
recorded-pick = Already recorded: you picked { $name } as tonight's kill.
recorded-kill = Already recorded: your kill submission on { $name }.
recorded-check = Already recorded: your check of { $name }.
recorded-save = Already recorded: you saved { $name }.
recorded-poison = Already recorded: you poisoned { $name }.
recorded-pass = Already recorded: no potion tonight.

## Discord: views on request
view-no-vote = No vote is open now.
view-votes-heading = Day { $day } votes (close { $closes }; the sheriff's vote counts { $weight }):
view-abstained = Abstained: { $names }
view-not-voted = Not voted yet: { $names }
view-phase = Now: { $phase }; next deadline { $due }.
view-sheriff = Sheriff: { $name }
view-living = Alive: { $names }
view-dead = Out: { $names }
view-you = You play { $name }, { $role }.
view-judge-plays = You play in this game: the judge's view shows nothing secret until it ends.
view-cards = {" "}(cards blue/yellow/red { $cards })
view-kill-submitted = Kill submitted: { $by } → { $target }
view-leader = Wolf leader: { $name }
view-potions = Antidote left: { $antidote }; poison left: { $poison }

## Discord: answers
ok-vote = Your vote for { $name } is in; it is posted in the day's thread with your reason.
ok-abstain = You abstain today.
ok-proxy = You've asked the judge to cast your vote for { $name }.
ok-speedup = Your speed-up request is counted.
ok-lastwords = Your last words are recorded; they will be published when the day named in your elimination message opens.
ok-treehole = Noted in your tree hole. Nobody sees it until the game ends.
ok-setup = Set up: games in { $forum }, judges are { $role }, the judge's log is { $log }.
ok-setup-time-zone = Games show times in { $zone } (now { $now }).
ok-setup-playing-judge = Judges who play in a game { $allowed ->
    [yes] may judge it, without seeing its roles, cards or night until it ends.
   *[no] may not judge it (another judge does).
}
ok-signup-opened = Sign-up opened: { $post }.
ok-started = The game has started (game { $game }); roles are on their way by DM.
ok-joined = You are signed up ({ $count } of { $seats }). Your role will come by DM when the game starts.
ok-left = You are off the sign-up.
ok-joined-waiting = The game is full ({ $seats }): you are number { $place } on the waiting list. When a player leaves, the first waiting moves up and is told by DM.
ok-unsigned = { $member } is off the sign-up.
ok-card = The card for { $name } is given.
ok-removed = { $name } is removed from the game.
ok-substituted = { $player } now plays { $name }.
ok-extended = The current deadline is { $by } later.
ok-paused = The game is paused.
ok-resumed = The game is running again.
ok-ended = The game is over.
ok-exported = Game { $game } as a game script and its report. Replay it with `wolfjudge script game-{ $game }.json`; anyone can check the deal against the commitment with `wolfjudge verify game-{ $game }.json --commitment <commitment>`.
export-mismatch = Warning: replaying the script does not give the stored game on: { $fields }. Please report this.
ok-choice = Recorded: { $choice } { $name }.
ok-tournament-created = Tournament { $name } created: { $games } games of { $ruleset }, judged by { $judge }. Open its games with /wolf new ruleset:{ $ruleset } tournament:{ $name }.

## Discord: sign-up
signup-title = Sign-up: { $ruleset }
signup-body = **{ $ruleset }**, judge { $judge }. Signed up: { $count } (the game needs { $seats }).
signup-waiting = Waiting list (the first moves up when a player leaves):
signup-open = Press Join (or use /join). The judge starts with /wolf start once the count fits.
signup-started = The game has started; the sign-up is closed.
button-join = Join
button-leave = Leave
dm-joined = You are signed up for a { $ruleset } game. Your role and every night prompt will come here, in this DM.
dm-moved-up = A player left the { $ruleset } sign-up: you have moved up from the waiting list and are signed up. Your role and every night prompt will come here, in this DM.
signup-dm-closed = { $player }: the bot cannot send you DMs, and your role comes by DM. Please allow direct messages from this server's members (Server menu → Privacy Settings), then leave and join again. Judge: this player cannot be reached yet.
log-judge-command = { $judge } used { $command } → { $result }
modal-kill-title = Tonight's kill

## Discord: command names and descriptions (zh-CN names are the translations)
cmd-wolf = wolf
cmd-wolf-desc = Sign-ups (judge)
cmd-wolf-setup = wolf-setup
cmd-wolf-setup-desc = Choose the forum for games, the judge role and the judge's log channel
cmd-wolf-setup-forum = forum
cmd-wolf-setup-forum-desc = The forum channel games are played in
cmd-wolf-setup-judge_role = judge_role
cmd-wolf-setup-judge_role-desc = The role of judges
cmd-wolf-setup-log = log
cmd-wolf-setup-log-desc = A private channel for the judge's log
cmd-wolf-setup-language = language
cmd-wolf-setup-language-desc = The games' language: zh (Simplified Chinese), zh-TW (Traditional Chinese) or en
cmd-wolf-setup-timezone = timezone
cmd-wolf-setup-timezone-desc = The games' time zone (an IANA name); default Asia/Shanghai for zh, Asia/Taipei for zh-TW, UTC for en
cmd-wolf-setup-playing_judge = playing_judge
cmd-wolf-setup-playing_judge-desc = Whether a judge who plays in a game may judge it, without seeing roles (default: no)
cmd-wolf-new = new
cmd-wolf-new-desc = Open a sign-up post for a new game (judge)
cmd-wolf-new-ruleset = ruleset
cmd-wolf-new-ruleset-desc = The board: each choice shows its players and roles
cmd-wolf-new-tournament = tournament
cmd-wolf-new-tournament-desc = The tournament this game belongs to (its name)
cmd-wolf-start = start
cmd-wolf-start-desc = Start the game when enough players have signed up (judge)
cmd-join = join
cmd-join-desc = Sign up for the open game
cmd-leave = leave
cmd-leave-desc = Take yourself off the open game's sign-up
cmd-vote = vote
cmd-vote-desc = Vote to send a character out today; your reason is shown to everyone
cmd-vote-target = target
cmd-vote-target-desc = Who you vote for
cmd-vote-reason = reason
cmd-vote-reason-desc = Why (posted with your vote)
cmd-abstain = abstain
cmd-abstain-desc = Abstain in today's vote
cmd-votes = votes
cmd-votes-desc = Show today's vote count (the sheriff's vote weighted), or a day's full vote history
cmd-role = role
cmd-role-desc = Send me my role again, privately
cmd-status = status
cmd-status-desc = The game so far: phase and deadline, sheriff, who is alive
cmd-proxy = proxy
cmd-proxy-desc = If you cannot vote in time, ask the judge to cast your vote for a character
cmd-proxy-target = target
cmd-proxy-target-desc = The character your vote goes to
cmd-speedup = speedup
cmd-speedup-desc = Ask to speed the game up
cmd-lastwords = lastwords
cmd-lastwords-desc = Leave your last words
cmd-lastwords-text = text
cmd-lastwords-text-desc = Your last words
cmd-treehole = treehole
cmd-treehole-desc = Write a private note nobody sees until the game ends
cmd-treehole-text = text
cmd-treehole-text-desc = Your note
cmd-judge = judge
cmd-judge-desc = The judge's commands
cmd-judge-card = card
cmd-judge-card-desc = Give a card (blue, yellow or red) with a reason
cmd-judge-card-target = target
cmd-judge-card-target-desc = Who
cmd-judge-card-color = color
cmd-judge-card-color-desc = The card
cmd-judge-card-reason = reason
cmd-judge-card-reason-desc = Why
cmd-judge-remove = remove
cmd-judge-remove-desc = Remove a character from the game
cmd-judge-remove-target = target
cmd-judge-remove-target-desc = Who
cmd-judge-remove-reason = reason
cmd-judge-remove-reason-desc = Why
cmd-judge-substitute = substitute
cmd-judge-substitute-desc = A new member takes a character over
cmd-judge-substitute-target = target
cmd-judge-substitute-target-desc = The character
cmd-judge-substitute-member = member
cmd-judge-substitute-member-desc = The member who takes it over
cmd-judge-unsign = unsign
cmd-judge-unsign-desc = Take a member off the open sign-up (before the game starts)
cmd-judge-unsign-member = member
cmd-judge-unsign-member-desc = The member to take off the sign-up
cmd-judge-extend = extend
cmd-judge-extend-desc = Move the current deadline later (e.g. 2h, 90m, 1d)
cmd-judge-extend-by = by
cmd-judge-extend-by-desc = By how long, e.g. 1d, 12h, 90m or 1d12h
cmd-judge-pause = pause
cmd-judge-pause-desc = Stop the clock until you resume
cmd-judge-resume = resume
cmd-judge-resume-desc = Restart the clock; open deadlines move by the time paused
cmd-judge-end = end
cmd-judge-end-desc = End the game now
cmd-judge-end-winner = winner
cmd-judge-end-winner-desc = wolves, village, killers, police or draw; empty for none
cmd-judge-status = status
cmd-judge-status-desc = Everything about the game, secrets included (only you see it)

## Forum life
treehole-title = Tree hole
treehole-line = { $name } ({ $player }): { $text }
treehole-line-open = { $name }: { $text }
svc-post-in-thread = This game is not anonymous: post in the day's thread yourself.
svc-posting-too-fast = You may post { $per_minute } times a minute: this post was not relayed, nor will any you send before { $until } ({ $in }). Post again then; nothing is kept waiting.
tip-anonymous-post = This game is anonymous: a message you post in the game's thread shows your account, so it was removed. Post as your character with /say or by sending me the text here. Your message was: { $text }
flag-dead-post = ⚠ Dead character posting (诈尸): { $name } { $player } posted after leaving the game: { $link }
flag-edited = ⚠ { $name } { $player } edited a post: { $link }
flag-deleted = ⚠ { $name } { $player } deleted a post: { $link }
flag-outsider = ⚠ { $player }, who does not play, posted in the game's thread: { $link }
flag-mention = ⚠ { $name } { $player } mentioned an account in a relayed post (it was removed from the post; it could tell who plays a character): { $link }
flag-card-reason = violation reported by the bot
button-card-blue = Blue card
button-card-yellow = Yellow card
elevator-heading = Index of day { $day } (updated as posts come in; every post of one character: /history):
elevator-line = { $name } ({ $count }): [latest]({ $link })
elevator-none = { $name } (0)
posts-heading = Posts on day { $day } (at least { $need } a day):
ok-say = Posted as your character.
cmd-say = say
cmd-say-desc = Post as your character in today's thread (anonymous games)
cmd-say-text = text
cmd-say-text-desc = What your character says
cmd-posts = posts
cmd-posts-desc = Today's post counts
cmd-tournament = tournament
cmd-tournament-desc = Tournaments: a series of games scored by role
cmd-tournament-new = new
cmd-tournament-new-desc = Create a tournament in this server (judge)
cmd-tournament-new-name = name
cmd-tournament-new-name-desc = The tournament's name
cmd-tournament-new-games = games
cmd-tournament-new-games-desc = How many games it has
cmd-tournament-new-ruleset = ruleset
cmd-tournament-new-ruleset-desc = The ruleset: mafia (default), m32 or uno (a UNO contest)
cmd-tournament-new-club_day = club_day
cmd-tournament-new-club_day-desc = The club day it is part of (a UNO contest and a Mafia contest)
cmd-standings = standings
cmd-standings-desc = Post a tournament's standings table and points chart
cmd-standings-tournament = tournament
cmd-standings-tournament-desc = The tournament's name (default: the latest)
cmd-standings-club_day = club_day
cmd-standings-club_day-desc = A club day: the standings of each of its contests
cmd-stats = stats
cmd-stats-desc = A member's or the whole server's games, wins by role and camp, win rates and cards
cmd-stats-member = member
cmd-stats-member-desc = Whose record (default: yours)
cmd-judge-export = export
cmd-judge-export-desc = The whole game as a game script plus its report (files only you see)

## Boards on Discord (/wolf new options, the sign-up's board, /wolf rules)

board-m32 = M32 forum werewolf
board-mafia = Classic Mafia
board-idiot = Seer-Witch-Hunter-Idiot
board-guard = Seer-Witch-Hunter-Guard
board-wolf-king = White Wolf King & Knight
board-small = Seer-Witch-Hunter
board-named = { $board } ({ $ruleset })
board-role-count = { $role } ×{ $count }
board-lines-sep = {"; "}
board-list-sep = {", "}
board-deal = { $players } players: { $roles }
board-deal-range = { $players } players: { $roles }, the rest { $rest }
board-yes = yes
board-no = no
board-option = { $name }: { $value }
signup-board = Board: { $board } — { $deal }
signup-options = Options that differ from the ruleset: { $options }
rules-heading = **Board: { $board }**
rules-roles = Roles:
rules-role = · { $role }: { $line }
rules-options = Options:
svc-bad-option = { $option } = { $value } does not fit this ruleset: every length must be longer than zero, a day longer than the last hour before its close in which votes are locked, and the witch's deadline no earlier than the night deadline. Change the option (or leave it out to keep the ruleset's).
svc-players-option = { $ruleset } does not seat { $players } players; it seats { $seats }.
opt-day_length = day length
opt-speedup_day_length = day length after a speed-up
opt-speedup = speed-up allowed
opt-runoff_length = tie round length
opt-night_length = night deadline (every night action but the witch's)
opt-witch_deadline = witch's deadline
opt-decision_window = time to decide after a vote-out (shot, badge, leader)
opt-night_decision_window = time to decide after a night death
opt-fixed_phase_times = fixed phase times
opt-hunter_shoots_when_sent_off = hunter shoots when sent off
opt-hunter_shoots_when_poisoned = hunter shoots when poisoned
opt-witch_waits_for_kill = witch asked once the kill is fixed
opt-last_words_due = last words due
opt-split_tie = even split at night
opt-vote_changes = vote changes a day
opt-vote_lock = no vote changes in the last
opt-proxy_deadline = proxy votes close before the end by
opt-proxy_change_deadline = proxy changes close before the end by
opt-sheriff = sheriff
opt-sheriff_weight = sheriff's vote weight
opt-day_tie = ties in the day vote
opt-sheriff_tie = ties in the sheriff election
opt-wolf_leader = wolf leader
opt-leader_pick_fallback = if the leader picks no kill
opt-wolf_chat = wolf group chat
opt-witch_self_save = witch may save herself
opt-witch_self_save-never = never
opt-witch_self_save-first_night = on the first night only
opt-witch_self_save-always = always
opt-knight_duel_day_one = knight may duel on day 1
opt-last_words = last words
opt-auto_cards = automatic cards
opt-lurk_min_posts_day = fewest posts a day
opt-lurk_min_posts_streak = fewest posts a day over a streak
opt-lurk_streak_days = streak length in days
opt-blues_per_yellow = blue cards per yellow
opt-yellows_per_red = yellow cards per red
opt-red_card_loses_camp = a red card loses the camp
opt-anonymous = anonymous characters
opt-wolves_win_at_half = wolves win at half of the living
opt-wolf_self_destruct = wolves may self-destruct
opt-deal = roles dealt
role-line-wolf = Kills one character each night with the pack.
role-line-villager = No ability; finds the wolves by talking and voting.
role-line-seer = Checks one character each night: village side or not.
role-line-witch = One antidote and one poison, each usable once a game.
role-line-hunter = When out, may shoot one other character.
role-line-killer = Kills one character each night with the other killers.
role-line-police = Checks one character each night with the other police and learns their exact role.
role-line-civilian = No ability; finds the killers by talking and voting.
role-line-guard = Protects one character each night from the wolves (never the same one two nights running).
role-line-idiot = Voted out, is revealed and stays alive, but votes no more.
role-line-white_wolf_king = A wolf who may self-destruct by day and take one character with him.
role-line-knight = Once, by day, may duel a character: a wolf dies, otherwise the knight does.
cmd-wolf-new-day_length = day_length
cmd-wolf-new-day_length-desc = Day length, e.g. 24h, 12h or 1d (default: the ruleset's)
cmd-wolf-new-night_deadline = night_deadline
cmd-wolf-new-night_deadline-desc = Deadline of the night's actions but the witch's, from nightfall, e.g. 30m
cmd-wolf-new-witch_deadline = witch_deadline
cmd-wolf-new-witch_deadline-desc = The witch's deadline from nightfall, e.g. 1h
cmd-wolf-new-anonymous = anonymous
cmd-wolf-new-anonymous-desc = Anonymous characters, or the players' own names
cmd-wolf-new-players = players
cmd-wolf-new-players-desc = Player count, where the ruleset seats several (mafia: 11–16)
cmd-wolf-rules = rules
cmd-wolf-rules-desc = Post the current game's board, roles and options here
cmd-concede = concede
cmd-concede-desc = Concede for your side (Mafia: when you are its last member)
cmd-self-destruct = self-destruct
cmd-self-destruct-desc = Self-destruct now (by day); a white wolf king may take one character along
cmd-self-destruct-target = target
cmd-self-destruct-target-desc = Whom you take with you (white wolf king only)
cmd-duel = duel
cmd-duel-desc = Duel a character (by day, once a game)
cmd-duel-target = target
cmd-duel-target-desc = Whom you duel
ok-concede = You conceded; the game is over.
ok-self-destruct = Recorded: you self-destructed. It is announced in the day's thread.
ok-duel = Recorded: your duel with { $name }. The result is announced in the day's thread.

## The standard boards (docs/rules.md §4): guard, idiot, white wolf king, knight.
role-guard = guard
role-idiot = idiot
role-white_wolf_king = white wolf king
role-knight = knight
role-desc-guard = Each night, within { $night } of nightfall, you may protect one living character (yourself included) from the wolves' kill, or nobody; never the same character two nights in a row. If the witch saves the character you protect, they die all the same. You do not stop the poison. Sending nothing protects nobody.
role-desc-idiot = If you are voted out by day, you are not eliminated: your role is revealed to everyone, you stay in the game and keep posting, but from then on you may not vote. If a later vote puts you on top again, you are out. Killed or poisoned at night, you die as anyone does.
role-desc-white_wolf_king = You are a wolf: each night, within { $night } of nightfall, send the judge a kill target with a short reason, as the other wolves do{ $leader ->
    [yes] {""}; you vote in the leader election and may lead
   *[no] {""}
}. During a day, before the close, you may self-destruct: you leave the game at once and may take one other living character with you; the day then ends with no vote-out.
role-desc-knight = Once per game, during a day before the close{ $dayone ->
    [yes] {""}
   *[no] {" "}(not on day 1)
}, you may duel one other living character. If they are a wolf, they leave the game and the day ends at once; otherwise you leave the game and the day goes on.
ev-out-self-destruct = { $name } self-destructs and leaves the game.
ev-out-taken = { $name } is taken along and leaves the game.
ev-out-duel = { $name } loses the duel and leaves the game.
ev-guard-protected = Tonight you protect { $target }.
ev-guard-protected-nobody = Tonight you protect nobody.
ev-idiot-revealed = { $name } is voted out and turns over the card: IDIOT. { $name } stays in the game but may no longer vote.
ev-self-destruct = { $name } self-destructs and leaves the game; today's vote ends here.
ev-self-destruct-take = { $name } self-destructs and takes { $target } along; today's vote ends here.
ev-duel = { $name } challenges { $target } to a duel: { $wolf ->
    [yes] { $target } is on the wolves' side and loses the duel.
   *[no] { $target } is on the village side; { $name } loses the duel.
}
ev-day-cut = Day { $day } ends here: no vote-out today. Night falls at the usual time after the close.
err-protect-repeated = You protected { $name } last night; the guard may not protect the same character two nights in a row. Choose someone else, or nobody.
err-idiot-cannot-vote = A revealed idiot may no longer vote, abstain or ask for a proxy vote.
err-self-destruct-target = Only the white wolf king can take someone along; self-destruct without a target.
err-duel-used = You have already used your one duel this game.
err-duel-day-one = There is no duel on day 1 (its vote elects the sheriff). You may duel from day 2.
sim-act-protect = protect { $target }
sim-act-protect-nobody = protect nobody
sim-act-self-destruct = self-destruct
sim-act-self-destruct-take = self-destruct, taking { $target }
sim-act-duel = duel { $target }
deed-protect = { $by } protects { $target }
deed-protect-nobody = { $by } protects nobody
deed-self-destruct = { $by } self-destructs, taking { $target }
deed-self-destruct-alone = { $by } self-destructs
deed-duel = { $by } duels { $target }
deed-idiot-revealed = { $by } is revealed as the idiot
choice-protect = Protect a character
choice-protect_nobody = Protect nobody tonight
prompt-night-guard = Night { $night }: you may protect one living character (yourself included) from tonight's kill before { $until }, or nobody{ $has ->
    [yes] ; not { $last }, whom you protected last night
   *[no] {""}
}. If you send nothing, you protect nobody.
board-count = { $count } { $role }
ev-reveal-board = Board: { $ruleset } ({ $roles }){ $has ->
    [yes] ; options changed from the ruleset: { $options }
   *[no] {""}
}.

## Channel moderation (the forum-features work): day posts locked, living/dead roles, the setup's
## permission check.
cmd-wolf-setup-living_role = living_role
cmd-wolf-setup-living_role-desc = A role the bot gives a game's living players (only they post in day posts)
cmd-wolf-setup-dead_role = dead_role
cmd-wolf-setup-dead_role-desc = A role the bot gives players once their death is announced
cmd-wolf-setup-spectator_role = spectator_role
cmd-wolf-setup-spectator_role-desc = A role for members who watch games
cmd-wolf-setup-graveyard = graveyard
cmd-wolf-setup-graveyard-desc = A channel where the dead (and spectators) chat
ok-setup-moderation = Roles kept in sync by the bot: living { $living }, dead { $dead }, spectators { $spectator }; graveyard { $graveyard }. Day posts are locked and archived once their day is over.
svc-missing-permissions = The bot lacks what this setup needs, so nothing was saved:
    { $missing }
    Give the bot's role these permissions (Server Settings → Roles, or the channel's Permissions), then run /wolf-setup again.
lack-permission = • { $permission } (server-wide)
lack-permission-in = • { $permission } in { $channel }
lack-role-order = • The bot's highest role must be above { $role } to give it (drag it higher in Server Settings → Roles)
perm-view-channel = View Channel
perm-send-messages = Send Messages / Create Posts
perm-send-messages-in-threads = Send Messages in Threads and Posts
perm-create-public-threads = Create Public Threads
perm-create-private-threads = Create Private Threads
perm-manage-threads = Manage Threads and Posts
perm-read-message-history = Read Message History
perm-manage-webhooks = Manage Webhooks
perm-manage-messages = Manage Messages
perm-attach-files = Attach Files
perm-embed-links = Embed Links
perm-manage-roles = Manage Roles
moderate-lock-day = Lock and archive day { $day }'s post.
moderate-living = Give the living players' role to: { $names }.
moderate-dead = Swap the living players' role for the dead role: { $names }.
moderate-clear = Take the living and dead roles from: { $names }.
moderate-replaced = Move { $name }'s role from the player who left to the substitute.
## Warnings before penalties (the forum-features work): the DM before a day's close to each character
## the close would card automatically, and the at-risk list of /judge status.
opt-warn_before_close = warnings before the close of a day
view-at-risk-heading = At risk of an automatic card at the close ({ $closes }):
view-at-risk-line = { $name }: posts { $posts }/{ $need }{ $vote }
view-at-risk-no-vote = ; not voted
view-at-risk-none = Nobody is at risk of an automatic card at the close.
view-at-risk-speedup = No automatic cards after the speed-up: nobody is at risk.
view-at-risk-off = This game gives no automatic cards: nobody is at risk.
## Camp threads (the forum-features work): the private thread of the wolves, or of Mafia's killers
## and police, with its members and the judge only.

opt-camp_threads = private camp threads
camp-thread-title = Game { $game } · { $camp ->
    [wolves] wolves
    [killers] killers
   *[police] police
}
camp-thread-welcome = This is the { $camp ->
    [wolves] wolves'
    [killers] killers'
   *[police] police's
} private thread for this game: { $names }. Only you and the judge can see it. A member who is out is taken out of it: at once by day, and with the morning's post for a death at night.
camp-thread-left = { $name } is out and leaves this thread.
camp-thread-substitute = { $name } is played by a substitute now, who joins this thread.
camp-thread-no-channel = This game's { $camp ->
    [wolves] wolves
    [killers] killers
   *[police] police
} get no private thread: the server has no channel for camp threads (`/wolf-setup camp_channel:`, a text channel the players can read).
ok-setup-camps = Camp threads open under { $channel } (the wolves' when the ruleset has wolf_chat; Mafia's killers and police: { $mafia ->
    [yes] yes
   *[no] no
}).
ok-setup-camps-none = No channel for camp threads: no private thread is opened for any camp.
cmd-wolf-setup-camp_channel = camp_channel
cmd-wolf-setup-camp_channel-desc = A text channel the players can read, where the private camp threads open (none: no camp threads)
cmd-wolf-setup-mafia_camp_threads = mafia_camp_threads
cmd-wolf-setup-mafia_camp_threads-desc = Mafia: a private thread for the killers and one for the police (default: no)
## Charts in the reveal (the forum-features work): one picture per vote and the game's timeline.
chart-vote-title = Vote of { $phase }
chart-time-axis = Time ({ $zone })
chart-abstain = abstain
chart-proxy = { $what } (proxy)
chart-voter-sheriff = { $name } (sheriff ×{ $weight })
chart-voter-gone = { $name } (out)
chart-no-vote = did not vote
chart-cannot-vote = may not vote (revealed idiot)
chart-result-out = Result: { $name } is voted out (votes: { $votes })
chart-result-idiot = Result: { $name } has the most votes ({ $votes }), is revealed as the idiot and stays in the game
chart-result-sheriff = Result: { $name } is elected sheriff (votes: { $votes })
chart-result-no-sheriff = Result: nobody is elected sheriff
chart-result-no-sheriff-tie = Result: { $names } are tied; nobody is elected sheriff
chart-result-no-votes = Result: nobody voted; nobody is out
chart-result-tie = Result: { $names } are tied; nobody is out
chart-result-runoff = Result: { $names } are tied; a tie round follows
chart-result-cut = Result: the day was cut short; no vote-out
chart-result-ended = Result: the game ended before the vote closed
chart-result-open = The vote is still open
chart-tally = Count
chart-tally-line = { $name }: { $votes }
chart-count-abstain = Abstained: { $count }
chart-count-none = Did not vote: { $count }
chart-vote-legend = ● when a vote was cast or changed   struck through: a vote changed later   thick outline: cast by the judge (proxy)   black frame: where the result fell
chart-missing = Note: { $count ->
    [one] a character the font lacks is
   *[other] { $count } characters the font lacks are
} drawn as ?; the reveal's text has the names in full.
chart-timeline-title = The game's timeline: { $result }
chart-result-winner = { $winner } won
chart-result-draw = a draw
chart-result-no-winner = ended by the judge, no winner
chart-result-unfinished = not over yet
chart-timeline-row = { $name } ({ $role })
chart-survived = survived
chart-idiot-revealed = revealed
chart-cause-night_kill = killed at night
chart-cause-vote = voted out
chart-cause-poison = poisoned
chart-cause-shot = shot
chart-cause-red_card = red card
chart-cause-judge = removed by the judge
chart-cause-self_destruct = self-destructed
chart-cause-taken = taken by the white wolf king
chart-cause-duel = lost a duel
chart-caption = 📊 This game's charts: one per vote, then the timeline{ $parts ->
    [1] {""}
   *[other] { " " }({ $part }/{ $parts })
}.
cli-sim-charts = wrote the { $count } charts of the game with seed { $seed } to { $dir }
## Help and history (/help, /history); labels of options' choices
cmd-help = help
cmd-help-desc = What the bot does, what to do in the current phase, and every command (only you see it)
cmd-rules = rules
cmd-rules-desc = The game's board, roles and options (only you see it)
cmd-history = history
cmd-history-desc = Links to every post a character made in this game
cmd-history-character = character
cmd-history-character-desc = Whose posts
cmd-history-page = page
cmd-history-page-desc = Which page (long histories come in pages)
cmd-judge-card-color-blue = Blue card
cmd-judge-card-color-yellow = Yellow card
cmd-judge-card-color-red = Red card
cmd-judge-end-winner-wolves = Wolves
cmd-judge-end-winner-village = Village
cmd-judge-end-winner-police = Police
cmd-judge-end-winner-killers = Killers
cmd-judge-end-winner-draw = Draw
cmd-wolf-setup-language-zh = Simplified Chinese (简体中文)
cmd-wolf-setup-language-en = English
help-title = Werewolf judge bot: help
help-about = I am this server's werewolf judge (forum-style, 版杀): I run sign-ups, send roles by DM, take night actions, count votes, give cards by the rules, and publish the whole record at the end. Sign up with { $join } or the sign-up post's button; by day, post in the day's thread and vote with { $vote }; at night, act with the buttons in your DM with me. Any time: { $status } for the game so far, { $role } for your role again.
help-more = Board and rules: { $rules } shows you the game's board, roles and options (the judge can post them for everyone with /wolf rules). Every post of one character: { $history }; today's post counts: { $posts }.
help-commands = Every command
help-no-game = There is no game running here. To play, press Join on a sign-up post or use { $join }; use /help in a game's thread or while you play to be told what to do in the current phase.
help-phase = **Now: { $phase }** (next deadline { $due })
help-paused = The game is paused: the clock stands still until the judge resumes it.
help-ended = This game is over: the roles and the whole record are published in its thread.
help-day = By day: { $anonymous ->
    [yes] this game is anonymous: post with { $say } or by DM to me, and I relay it under your character's name to the day's thread (messages posted there directly are removed);
   *[no] post in the day's thread;
    }{ $posts ->
    [0] {" "}there is no minimum of posts.
   *[other] {" "}everyone must post at least { $posts } times a day, or gets a card.
    } Before { $closes }, vote with { $vote } (with a reason) or abstain with { $abstain }; the count is in { $votes }.
help-runoff = Tie round: only the tie round's voters vote again (with { $vote }) before { $closes }, for one of the tied characters.
help-day-closed = Today's vote is closed; the result is coming.
help-night = At night: roles that act at night get buttons in their DM with me, to press before the deadline; everyone else waits for the day. Posts in the thread do not count at night.
help-spectator = You are not playing in this game: you may watch, but please don't post in the game's threads.
help-dead = You are out: please don't post in the game's threads any more (posts from the dead are reported to the judge). You can write to your tree hole with { $treehole }; it is published when the game ends.
help-you = You play { $name }.
help-you-day = You play { $name }: { $posts } posts today{ $need ->
    [0] {""}
   *[other] {" "}(at least { $need } needed)
    }; { $votes ->
    [yes] { $voted ->
        [yes] you have voted (you can change it before the close).
       *[no] you have not voted yet.
    }
   *[no] you don't vote in this tie round.
    }
help-you-pending = You have a decision to make (see your DM with me) by { $until }.
history-heading = **{ $name }**: every post in this game, { $count } in all
history-day = Day { $day }:
history-line = #{ $n } { $link }
history-page = Page { $page } of { $pages }; for the next, give page { $next }.
history-none = { $name } has no counted posts in this game yet.
history-no-page = There is no page { $page }: this character's posts fill { $pages } pages.
## Records across games (the forum-features work): /stats, /leaderboard, card records, /appeal
stats-camps = Wins by camp: { $camps }
stats-camp = { $camp } { $won }/{ $played } ({ $rate })
stats-win-rate = Win rate: { $rate }
stats-percent = { $rate }%
stats-no-rate = none yet
stats-list-sep = ,{" "}
stats-server-title = This server's games:
stats-server-games = Games started: { $games } ({ $finished } finished, { $none } of them without a result); { $players } players
stats-server-winners = Winners: { $winners }
stats-server-winner = { $winner } { $count }
stats-server-cards = Cards given: { $blue } blue, { $yellow } yellow, { $red } red
leaderboard-title = This server's leaderboard (by { $by ->
    [rate] win rate
   *[wins] wins
}, at least { $min } finished games):
leaderboard-empty = Nobody has { $min } finished games yet.
leaderboard-line = { $rank }. { $player } — { $won } won of { $games } ({ $rate }%)
leaderboard-page = Page { $page }/{ $pages } (the page option shows the others)
signup-red-card = {" "}🟥×{ $count }
signup-red-card-legend = 🟥: a red card in their last { $games } games (for the judge).
ok-setup-red-cards = Sign-ups mark members with a red card in their last { $games } games (0: no marks).
ok-appeal = Your complaint is recorded privately for the judge. The judge's decision is final; complaints are handled when the game ends.
ev-appealed = { $name } complains: { $text }
ev-appeals-title = Complaints made during this game ({ $count }, handled now that it has ended):
ev-appeals-line = - { $name } ({ $player }, { $time }): { $text }
sim-act-appeal = complain to the judge
cmd-stats-server = server
cmd-stats-server-desc = The whole server's record instead of a member's
cmd-leaderboard = leaderboard
cmd-leaderboard-desc = The server's players ranked by wins or win rate (posted here)
cmd-leaderboard-by = by
cmd-leaderboard-by-desc = Rank by wins (default) or win rate
cmd-leaderboard-min_games = min_games
cmd-leaderboard-min_games-desc = Fewest finished games to be ranked (default: 1 by wins, 3 by rate)
cmd-leaderboard-page = page
cmd-leaderboard-page-desc = Which page (20 players a page)
cmd-appeal = appeal
cmd-appeal-desc = Complain to the judge about this game; complaints are handled when it ends
cmd-appeal-text = text
cmd-appeal-text-desc = Your complaint
cmd-wolf-setup-red_card_games = red_card_games
cmd-wolf-setup-red_card_games-desc = Sign-ups mark members with a red card in their last N games (default 5, 0: off)
## The public vote count (tally) in each day post, and /votes day:N (the forum-features work)
tally-title = 📊 **Vote count: { $phase }**
tally-weight = The sheriff's vote (★) counts { $weight }.
tally-target = **{ $name }** — { $votes }: { $voters }
tally-target-none = **{ $name }** — 0
tally-sheriff = { $name } ★×{ $weight }
tally-proxy = { $name } (proxy)
tally-changed = { $name } ({ $chain })
tally-changed-count = { $name } (changed { $count ->
    [one] once
   *[other] { $count } times
})
tally-change = { $old } → { $new }
tally-struck = ~~{ $name }~~
tally-abstain-word = abstain
tally-abstained = Abstained ({ $count }): { $names }
tally-void = Not counted, their target has left the game ({ $count }): { $names }
tally-no-votes = No votes yet.
tally-not-voted = Not voted yet ({ $count }): { $names }
tally-more = …and { $count } more { $count ->
    [one] line
   *[other] lines
} (see /votes).
tally-open = The vote closes at { $closes }.
tally-final = Closed at { $at }: this is the final count. The result follows.
tally-cut = The day ended early at { $at }: no vote-out today.
tally-ended = The game ended at { $at }, during this vote.
votes-history-heading = Day { $day }: every vote, in order
votes-history-round = **{ $phase }** (opened { $at })
votes-history-vote = { $at } { $by } → { $target }
votes-history-change = { $at } { $by } ~~{ $old }~~ → { $new }
votes-history-proxy = { $line } (proxy vote, cast by the judge)
votes-history-reason = { $line }: { $reason }
votes-history-close = { $at } { $what }
votes-no-such-day = Day { $day } has not started; this game has reached day { $last }.
cmd-votes-day = day
cmd-votes-day-desc = A past day's full vote history (every vote and change, with times and reasons)
# --- Sign-up management (the forum-features work): the judge adds a member, the notify role, the bench of substitutes ---
cmd-judge-sign = sign
cmd-judge-sign-desc = Put a member on the open sign-up (before the game starts)
cmd-judge-sign-member = member
cmd-judge-sign-member-desc = The member to put on the sign-up
cmd-judge-replace = replace
cmd-judge-replace-desc = Replace a character's player: offer the seat to the bench of substitutes
cmd-judge-replace-target = target
cmd-judge-replace-target-desc = The character whose player leaves
cmd-wolf-setup-notify_role = notify_role
cmd-wolf-setup-notify_role-desc = A role new sign-ups ping; members opt in with a button (default: none)
ok-setup-notify = New sign-ups ping { $role }; members opt in and out with the buttons under the ping. The bot needs Manage Roles, above that role.
ok-setup-no-notify = New sign-ups ping nobody (set notify_role to ping a role members opt in to).
ok-signed = { $member } is signed up ({ $count } of { $seats }).
ok-signed-waiting = The game is full: { $member } is number { $place } on the waiting list.
ok-offered = { $name }'s seat is offered to { $count } substitute(s) by DM; the first to accept takes the character over. Until then the player keeps it.
signup-ping = { $role }: a new game of { $ruleset } is open for sign-up (judge { $judge }). Press Join on the post above.
button-notify-on = Notify me of new games
button-notify-off = Stop notifying me
ok-notify-on = You will be pinged ({ $role }) when a sign-up opens.
ok-notify-off = You will no longer be pinged when a sign-up opens.
button-bench = Volunteer as substitute
button-unbench = Leave the bench
signup-bench = Bench of substitutes (offered a seat when the judge replaces a player):
ok-benched = You are on the bench of substitutes of this { $ruleset } game. If the judge replaces a player, you will be offered the seat by DM: keep your DMs open.
ok-unbenched = You are off the bench of substitutes.
dm-bench-offer = The judge is replacing the player of { $name }. Press the button to take the character over (its role, cards and posts stay with it); the first substitute to accept gets the seat.
button-take-seat = Take the seat
ok-seat-yours = You now play { $name } ({ $role }). Your role, your cards and the character's posts carry on; use /role to see everything.
svc-on-bench = You are already on the bench of substitutes.
svc-not-on-bench = You are not on the bench of substitutes of this game.
svc-seat-taken = This seat has already been taken by another substitute.
svc-empty-bench = Nobody is on this game's bench of substitutes: ask members to press "Volunteer as substitute" on the sign-up post, or use /judge substitute with a member.
svc-no-notify-role = This server has no notify role: an administrator sets one with /wolf-setup notify_role.

## Leaderboard's order (choices)
cmd-leaderboard-by-wins = wins
cmd-leaderboard-by-rate = win rate

## UNO (rules §5): colours, cards and refusals
uno-color-red = red
uno-color-yellow = yellow
uno-color-green = green
uno-color-blue = blue
uno-card-number = { $color } { $number }
uno-card-skip = { $color } skip
uno-card-reverse = { $color } reverse
uno-card-draw-two = { $color } +2
uno-card-wild = wild
uno-card-wild-draw-four = +4
uno-err-not-your-turn = It is { $turn }'s turn: wait for yours.
uno-err-card-not-in-hand = You do not hold a { $card }. Press "My hand" to see the cards you can play.
uno-err-card-not-playable = A { $card } does not match: the top card is { $top } and the colour in force is { $color }. Play a card of that colour, number or symbol, or a wild or +4; with nothing to play, draw.
uno-err-last-card-not-allowed = A { $card } cannot be your last card (no 0, skip, reverse or wild). Draw a card instead.
uno-err-color-required = Playing a { $card } needs a colour: red, yellow, green or blue.
uno-err-has-playable-card = You have a card you can play ({ $cards }), so you cannot draw.
uno-err-nothing-to-catch = There is nobody to catch: { $target } did not forget to call UNO, or the moment to catch has passed.
uno-err-game-over = This UNO game is over.
uno-err-paused = The judge has paused the game: no plays or draws until it resumes.
uno-err-not-paused = The game is not paused: there is nothing to resume.
uno-log-started = UNO starts: { $players } (seated in sign-up order). Seed commitment: { $commitment }
uno-log-dealer-draw = The draw for the dealer: { $draws }
uno-log-round-started = Round { $round } starts; { $dealer } deals.
uno-log-first-card = The first card turned up: { $card }.
uno-log-turn = { $player }'s turn (until { $deadline }).
uno-log-played = { $player } plays { $card }.
uno-log-played-color = { $player } plays { $card } and names { $color }.
uno-log-uno-called = { $player } calls UNO!
uno-log-penalty-forgot = { $player } played their second-to-last card without calling UNO: 2 cards' penalty.
uno-log-penalty-caught = { $player } was caught without calling UNO: 2 cards' penalty.
uno-log-penalty-wrong-card = { $player } tried a card that may not be played: 2 cards' penalty.
uno-log-penalty-wrong-uno = { $player } called UNO at the wrong time: 2 cards' penalty.
uno-log-penalty-wrong-catch = { $player } caught the wrong player: 2 cards' penalty.
uno-log-penalty-timeout = { $player } ran out of time: 2 cards' penalty.
uno-log-drew = { $player } draws { $count ->
    [one] 1 card
   *[other] { $count } cards
}.
uno-log-drew-none = { $player } must draw, but the draw and discard piles are empty: the draw is skipped.
uno-log-skipped = { $player } is skipped.
uno-log-direction-clockwise = Play now goes clockwise.
uno-log-direction-counterclockwise = Play now goes counterclockwise.
uno-log-reshuffled = The draw pile ran out: the discard pile (but its top card) is shuffled into a new draw pile.
uno-log-timed-out = { $player }'s time ran out.
uno-log-round-won = { $player } is out of cards and wins the round, scoring { $points }. Points left in hand: { $hands }
uno-log-game-won = The game is over. Winner: { $winners }.
uno-log-ended = The judge ended the game. Winner: { $winner }.
uno-log-ended-none = The judge ended the game with no winner.
uno-log-paused = The judge paused the game.
uno-log-resumed = The judge resumed the game; this turn runs until { $deadline }.
uno-private-hand = Your hand: { $cards }
uno-private-drew = You drew: { $cards }
uno-sim-table = [table]
uno-sim-private = [only { $player } sees]
cli-uno-sim-unsupported = A UNO simulation does not take { $flag } yet: leave it out and try again.
cli-uno-sim-setup = The game cannot start: { $error }
cli-verify-uno-shuffle = shuffle { $shuffle } of the deck (stream { $stream }), top first: { $cards }
cli-verify-uno-reshuffle = shuffle { $shuffle }, the discard pile into a new draw pile (stream { $stream }), top first: { $cards }
cli-verify-uno-stacked = the first round's deck is fixed in the script, top first: { $cards }
cli-verify-uno-hand = { $name }: { $cards }
cli-verify-uno-ended = replayed to the end; the winner: { $winners }.
cli-verify-uno-replayed = replayed to round { $round }; the game has not ended.
uno-contest-title = UNO contest { $name }: { $played } games finished (the lowest total wins)
uno-contest-col-total = Points in hand
uno-contest-col-first-outs = Went out
uno-contest-top-line = No. { $rank }: { $player }, { $points ->
    [one] 1 point
   *[other] { $points } points
} in hand
uno-contest-tie-first-outs = level with { $other }, went out first in more games
uno-contest-tie-signup = level with { $other } on points and games won, signed up earlier
uno-contest-tie-name = level with { $other } on points, games won and sign-up, first by name
uno-chart-title = { $name }: points left in hand (lower is better)
uno-chart-y = points left in hand, cumulative (lower is better)
club-day-heading = Club day { $name }: the standings of its { $contests } contests (Killer King and Master Detective from the Mafia contest only)
cli-uno-contest-name = simulated contest

# --- Discord's errors in the reader's language: what happened and what to do (discord::errors), and the judge's notes about people (discord::notes) ---
discord-error-unknown-channel = the channel or post is gone (deleted, or the bot can no longer see it). If a moderator deleted it, check the server's channels in /wolf-setup.
discord-error-unknown-message = the message is gone: someone deleted it.
discord-error-unknown-member = that member is no longer on this server.
discord-error-unknown-user = Discord knows no such account.
discord-error-missing-access = the bot cannot see that channel. Give the bot's role View Channel (and Read Message History) there.
discord-error-missing-permission = the bot lacks the { $permission } permission there. Give it to the bot's role in the channel's or the server's settings.
discord-error-missing-permissions = the bot lacks a permission there. Run /wolf-setup again: it names what the bot needs.
discord-error-cannot-dm = that member does not accept direct messages from the bot (their DMs from this server's members are closed, or they blocked the bot).
discord-error-tag-required = the forum requires a tag on every post. Choose a tag for the bot's posts in /wolf-setup, or turn off "Require people to select tags when posting" in the forum's settings.
discord-error-thread-locked = the post is locked. Unlock it (post menu → Unlock) if the game still needs it.
discord-error-thread-archived = the post is closed (archived). Reopen it if the game still needs it.
discord-error-max-active-threads = the server has reached Discord's limit of active threads and posts. Close (archive) old posts or threads, then try again.
discord-error-too-long = the message is longer than Discord allows.
discord-error-rate-limited = Discord asked the bot to slow down. Try again in a moment.
discord-error-unavailable = Discord did not answer, or could not be reached. Try again in a moment.
discord-error-other = Discord refused it (HTTP { $status }, error code { $code }).
outbox-why-refused = the platform refused it for good.
outbox-why-failed = the platform did not answer.
outbox-to-public = the game's post
outbox-to-seat = seat { $seat }'s direct messages
note-player = { $name } (player { $player })
note-player-dms = the direct messages of { $name } (player { $player })
note-dm-closed = { $name } (player { $player }) does not accept the bot's direct messages (closed DMs, or the bot is blocked): they did not get "{ $start }", and the bot's next DMs to them are set aside too. Relay what they miss to them yourself, or replace the player with /judge replace target:{ $name }.
note-member-left = The player of { $name } ({ $player }) left the server. Replace them with /judge replace target:{ $name } (the bench of substitutes is offered the seat), or /judge substitute with a member.

## Traditional Chinese (zh-TW): its choice in /wolf-setup language
cmd-wolf-setup-language-zh-TW = Traditional Chinese (繁體中文)

## The night's kill menu and modal (Mafia's wording, the reason's length): the title by the
## ruleset, the field stating the length the engine checks
choice-kill-mafia = Submit tonight's target
modal-kill-title-mafia = Tonight's target
modal-kill-reason-chars = { $chars ->
    [0] Reason
    [one] Reason (one character)
   *[other] Reason (exactly { $chars } characters)
}

## The reveal's last words: those the game ended before publishing are published there
ev-reveal-last-words = Last words the game ended before publishing:

## Forums that require tags, and forum posts deleted while a game needs them
cmd-wolf-setup-forum_tag = forum_tag
cmd-wolf-setup-forum_tag-desc = The forum tag every game post carries (needed when the forum requires tags)
setup-tag-required = { $forum } requires a tag on every post, so the bot could not open its posts there. Run /wolf-setup again with forum_tag set to one of its tags: { $tags }. Nothing was saved.
setup-tag-required-none = { $forum } requires a tag on every post but has no tags. Add a tag in the forum's settings (Edit Channel → Tags), then run /wolf-setup again with forum_tag naming it. Nothing was saved.
setup-tag-unknown = { $forum } has no tag called { $tag }. Its tags: { $tags }. Nothing was saved.
setup-tag-unknown-none = { $forum } has no tags, so none is called { $tag }: add it in the forum's settings (Edit Channel → Tags) or leave forum_tag out. Nothing was saved.
ok-setup-tag = Every game post carries the tag { $tag }.
signup-tag-required = { $forum } now requires a tag on every post, so the sign-up post could not open. A member with Manage Server runs /wolf-setup again with forum_tag set to one of its tags ({ $tags }), then you run /wolf new again.
post-replaced = The post of day { $day } was deleted, so the day goes on in this new post: post, vote and read the count here as before.
judge-post-replaced = The post of day { $day } was deleted; the bot opened a new one, { $post }, with the day's opening, the index and the vote count. Posts, votes and the count go on there; the deleted post's messages are gone.
signup-replaced = The sign-up post was deleted, so this is its new post, with everyone who had signed up: Join and Leave work here.
judge-signup-replaced = The sign-up post for { $ruleset } was deleted; the bot opened a new one, { $post }, with the { $count } members who had signed up.

## A server's record of penalties: /record, sanctions that apply themselves (/wolf-policy), bars lifted, notes, appeals answered after the end
cmd-record = record
cmd-record-desc = Your record of penalties in this server (a judge may see anyone's; only you see it)
cmd-record-member = member
cmd-record-member-desc = Whose record (default: yours; a judge may see anyone's)
cmd-wolf-policy = wolf-policy
cmd-wolf-policy-desc = Sanctions that apply themselves: bars after red or yellow cards, record expiry (no options: show)
cmd-wolf-policy-red_games = red_games
cmd-wolf-policy-red_games-desc = After a red card, barred from signing up for N games (0: off)
cmd-wolf-policy-red_days = red_days
cmd-wolf-policy-red_days-desc = After a red card, barred from signing up for N days (0: off)
cmd-wolf-policy-yellows = yellows
cmd-wolf-policy-yellows-desc = This many yellow cards within the last games bar (0: off)
cmd-wolf-policy-yellow_window = yellow_window
cmd-wolf-policy-yellow_window-desc = How many of the member's last games the yellow cards are counted in
cmd-wolf-policy-yellow_games = yellow_games
cmd-wolf-policy-yellow_games-desc = How many games too many yellow cards bar for
cmd-wolf-policy-expiry_days = expiry_days
cmd-wolf-policy-expiry_days-desc = Records older than N days no longer count (0: never)
cmd-judge-appeals = appeals
cmd-judge-appeals-desc = Appeals of ended games: list them, or answer one (the member is told by DM)
cmd-judge-appeals-appeal = appeal
cmd-judge-appeals-appeal-desc = The appeal to answer, as the list numbers it (e.g. 12-345)
cmd-judge-appeals-answer = answer
cmd-judge-appeals-answer-desc = Your answer, sent to the member
cmd-judge-appeals-withdraw = withdraw
cmd-judge-appeals-withdraw-desc = A card of theirs in that game to withdraw, as the list numbers it
cmd-judge-lift = lift
cmd-judge-lift-desc = Lift the bar the server's sanctions put on a member, with a reason
cmd-judge-lift-member = member
cmd-judge-lift-member-desc = The barred member
cmd-judge-lift-reason = reason
cmd-judge-lift-reason-desc = Why
cmd-judge-note = note
cmd-judge-note-desc = Add a note to a member's record of penalties
cmd-judge-note-member = member
cmd-judge-note-member-desc = The member
cmd-judge-note-reason = reason
cmd-judge-note-reason-desc = The note
svc-barred = You are barred from signing up because of { $cause }; { $end }. If you disagree, talk to a judge.
svc-not-barred = That member is not barred.
svc-no-appeal = No appeal numbered { $id } is waiting for an answer. /judge appeals lists them.
svc-not-a-card = { $id } is not one of that member's cards in that game. Use a number from the /judge appeals list.
bar-cause-red = a red card in game #{ $game }
bar-cause-yellows = { $count } yellow cards in the last { $games } games
bar-end-time = the bar ends { $until }
bar-end-games = the bar ends after { $games } more games
bar-end-both = the bar ends { $until } and after { $games } more games
record-title = 📋 { $member }'s record of penalties in this server
record-barred = ⛔ Barred from signing up: { $cause }; { $end }.
record-empty = Nothing on record.
record-more = ({ $count } older entries not shown)
record-when-day = game #{ $game }, day { $day }
record-when-start = game #{ $game }, first night
record-by-rule = automatic
record-card = { $date } { $when }: { $color } card, { $reason } ({ $by }) [{ $id }]
record-converted = { $date } { $when }: { $from } cards made a { $to } card [{ $id }]
record-sent-off = { $date } { $when }: sent off by a red card
record-removed = { $date } { $when }: removed by the judge { $judge }
record-sub-in = { $date } { $when }: came in as a substitute
record-sub-out = { $date } { $when }: replaced by a substitute
record-appeal = { $date } { $when }: appealed "{ $text }"
record-appeal-answer = {" "}→ answered by { $judge }: { $answer }
record-flag-converted = {" "}(converted)
record-flag-lost-camp = {" "}(cost their camp the game)
record-flag-withdrawn = {" "}(withdrawn on appeal: does not count)
record-note = { $date } note by { $judge }: { $reason }
record-lift = { $date } bar lifted by { $judge }: { $reason }
appeals-none = No appeal is waiting for an answer.
appeals-title = Appeals waiting for an answer ({ $count }):
appeals-line = [{ $id }] { $member } ({ $date }): "{ $text }"; cards in that game: { $cards }
appeals-card = { $color } [{ $id }]
appeals-no-cards = none
appeals-how = To answer: /judge appeals appeal:<number> answer:<text>, with withdraw:<number> to withdraw a card.
policy-title = This server's sanctions:
policy-red-off = Red cards: no automatic bar.
policy-red-games = Red cards: barred from signing up for the next { $games } games.
policy-red-days = Red cards: barred from signing up for { $days } days.
policy-red-both = Red cards: barred from signing up for the next { $games } games and at least { $days } days.
policy-yellow-off = Yellow cards: no automatic bar.
policy-yellow = Yellow cards: { $count } within the last { $window } games bar for the next { $games } games.
policy-expiry-off = Records never expire.
policy-expiry = Records older than { $days } days no longer count.
appeal-answer-dm = The judge answered your appeal in game #{ $game } ("{ $appeal }"): { $answer }
appeal-answer-withdrawn = Your { $color } card is withdrawn and no longer counts (the game's result stands).
log-appeal-answered = { $judge } answered { $member }'s appeal [{ $id }]: { $answer }
log-card-withdrawn = { $member }'s { $color } card [{ $card }] is withdrawn and no longer counts (the game's result stands).
log-bar-lifted = { $judge } lifted { $member }'s bar: { $reason }
log-record-note = { $judge } added a note to { $member }'s record: { $reason }
ok-appeal-answered = Answered: the member is told by DM, and the judge's log has it.
ok-card-withdrawn = The { $color } card is withdrawn and no longer counts.
ok-appeal-not-told = That member no longer holds the seat, so no DM was sent; the answer is on record.
ok-bar-lifted = { $member }'s bar is lifted, on record and in the judge's log.
ok-record-note = The note is on { $member }'s record.
signup-barred = {" "}⛔ ({ $end })
signup-barred-legend = ⛔: barred from signing up by the server's sanctions (a judge may lift it with /judge lift).
record-reds-title = Red cards of this game that go on record ({ $count }):
record-reds-line = { $name } ({ $player }): { $reason }
record-reds-converted = made of { $from } cards
## The game pages on the web: a game's page, a server's page, what is not found
web-lang-name = English
web-languages = Language
web-game-title = { $ruleset } game
web-options = Options:
web-phase = Phase
web-paused = paused
web-deadline = Next deadline
web-sheriff = Sheriff
web-winner = Result
web-signup-link = The sign-up post on Discord
web-players = Players
web-seat = Seat
web-name = Name
web-state = In the game
web-role = Role
web-account = Account
web-cards = Cards (blue/yellow/red)
web-alive = alive
web-out = out
web-out-night = out in night { $night }
web-out-day = { $how } on day { $day }
web-cause-night_kill = killed at night
web-cause-vote = voted out
web-cause-poison = poisoned
web-cause-shot = shot
web-cause-red_card = removed by a red card
web-cause-judge = removed by the judge
web-cause-self_destruct = self-destructed
web-cause-taken = taken by a self-destruct
web-cause-duel = lost a duel
web-days = Days
web-day-tab = Day { $day }
web-day-link = This day's post on Discord
web-count = Vote count
web-no-count = No vote yet.
web-history = Every vote of the day
web-posts = Posts
web-post-count = Posts that day
web-log = What was said
web-reveal = The reveal
web-seed = Seed
web-commitment = Commitment (published at the start)
web-verify = To check that the seed is the one committed to and gives this deal, export the game (the judge's /judge export) and run:
web-charts = Charts
web-chart-vote = Who voted for whom, { $phase }
web-chart-timeline = The game's timeline: who left, when and how
web-replay = Replay, step by step
web-prev = ← Previous
web-next = Next →
web-heard = Last heard from the bot at
web-last-message = The game's last public message: { $at }
web-server-title = This server's games
web-running = Running
web-ended = Ended
web-none = None.
web-stats = Record
web-stats-games = Games started
web-stats-finished = Games finished
web-stats-players = Players
web-leaderboard = Leaderboard
web-player = Player
web-won = Won
web-finished = Finished
web-not-found = There is no such page: the link is wrong, the game was unlisted, or its server has turned its pages off.
web-uno-table = The table
web-uno-cards = Cards in hand
web-uno-points = Points
web-uno-log = The plays
web-uno-dealt = Every hand as dealt
web-uno-round = Round { $round }
web-uno-hand = Hand
help-web = This game on the web (live, and the whole record after the end): { $url }
web-link = 🔗 This game on the web: { $url }
cmd-wolf-setup-web_pages = web_pages
cmd-wolf-setup-web_pages-desc = Whether this server's games have web pages (default: yes)
cmd-judge-page = page
cmd-judge-page-desc = List or unlist the game's web page
cmd-judge-page-listed = listed
cmd-judge-page-listed-desc = True: anyone with the link can open it; False: unlisted
ok-page-listed = The game's page is listed: { $url }
ok-page-listed-no-url = The game's page is listed (this bot has no public web address, or the server's pages are off).
ok-page-unlisted = The game's page is unlisted: nobody can open it.
web-standings = Standings and awards
web-points-chart = Points
web-points-chart-alt = Each player's points after each game of the contest
## UNO on Discord: the table message, "My hand", the end
board-uno = UNO
uno-table-title = 🃏 UNO · round { $round }
uno-table-top = Top card: { $card } · colour in force: { $color } · { $direction }
uno-table-clockwise = play goes clockwise ↻
uno-table-counterclockwise = play goes counterclockwise ↺
uno-table-count = { $player }: { $count ->
    [one] 1 card
   *[other] { $count } cards
}
uno-table-turn = { $player }'s turn, until:
uno-table-over = The game is over.
uno-end-scores = Scores: { $scores }
uno-hand-title = Your hand ({ $count }): { $cards }
uno-hand-your-turn = It is your turn: choose your move below.
uno-hand-not-your-turn = It is { $turn }'s turn; your moves come on your turn.
uno-move-play = Play { $card }
uno-move-play-color = Play { $card }, naming { $color }
uno-move-with-uno = { $move } and call UNO!
uno-move-draw = Draw a card
uno-move-catch = Catch { $player } (no UNO call)
uno-moves-placeholder = Choose a card to play
uno-button-hand = My hand
uno-ok-moved = Done: { $move }.
uno-err-not-a-player = You are not playing in this UNO game. It is { $turn }'s turn.
uno-err-stale-move = That move is not open to you now. Press "My hand" again for your moves.
uno-err-signup-count = A UNO game seats 2 to 10 players; { $players } signed up.
ok-uno-signup-opened = UNO sign-up opened: { $post }. Players press Join; then start it with /uno start there.
cmd-uno = uno
cmd-uno-desc = UNO games (judge)
cmd-uno-new = new
cmd-uno-new-desc = Open a sign-up post for a UNO game (judge)
cmd-uno-new-turn_time = turn_time
cmd-uno-new-turn_time-desc = Each turn's time limit, e.g. 2m or 90s (default 2 minutes)
cmd-uno-new-target_score = target_score
cmd-uno-new-target_score-desc = The total that wins the game (default 500)
cmd-uno-new-rounds = rounds
cmd-uno-new-rounds-desc = Play this many rounds instead, the highest total winning (1: one round)
cmd-uno-new-uno_penalty = uno_penalty
cmd-uno-new-uno_penalty-desc = A forgotten UNO costs 2 cards at once, or only when caught
cmd-uno-new-uno_penalty-automatic = at once (automatic)
cmd-uno-new-uno_penalty-caught = when caught by another player
cmd-uno-new-last_card_rule = last_card_rule
cmd-uno-new-last_card_rule-desc = No 0, skip, reverse or wild as one's last card (default: on)
cmd-uno-new-strict_penalties = strict_penalties
cmd-uno-new-strict_penalties-desc = Wrong plays, calls and catches cost 2 cards; a timeout 2 (default: off)
cmd-uno-new-tournament = tournament
cmd-uno-new-tournament-desc = The UNO contest this game is the next game of (then it is one round)
cmd-uno-start = start
cmd-uno-start-desc = Deal the UNO game when 2 to 10 players have signed up (judge)
